/**
 * Positions reused across versions (src/lint/positions.ts) are exactly the positions a fresh
 * parse gives. A description is put through a sequence of versions drawn by fast-check (a value
 * replaced by a multi-line object, a member or an array element deleted, a key renamed, text typed
 * into a string), written pretty-printed or on one line, with LF or CRLF line ends; at each
 * version every path of the document (and a path that does not exist under each) is located
 * through the memory and afresh, and the ranges must be equal.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { parseSource, type JsonPath } from '../../src/lint/load.js';
import { PositionMemory } from '../../src/lint/positions.js';
import { CORPUS_DIR, corpusTitle } from '../corpus.js';

const ROOT = join(import.meta.dirname, '../..');

type Json = Record<string, unknown>;
type Slot = { container: Json | unknown[]; key: string | number; path: JsonPath };

function slots(value: unknown, path: JsonPath = [], into: Slot[] = []): Slot[] {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      into.push({ container: value, key: i, path: [...path, i] });
      slots(item, [...path, i], into);
    });
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Json;
    for (const key of Object.keys(record)) {
      into.push({ container: record, key, path: [...path, key] });
      slots(record[key], [...path, key], into);
    }
  }
  return into;
}

/** One edit of a copy of `data`, chosen by the numbers given. */
function edited(data: Json, pick: number, kind: number): Json {
  const next = JSON.parse(JSON.stringify(data)) as Json;
  const all = slots(next);
  const slot = all[pick % all.length];
  if (!slot) return next;
  const { container, key } = slot;
  const value: unknown = Array.isArray(container) ? container[key as number] : container[key as string];
  if (kind === 0) {
    const replacement = { added: ['a', 'b'], nested: { deep: true } };
    if (Array.isArray(container)) container[key as number] = replacement;
    else container[key as string] = replacement;
  } else if (kind === 1) {
    if (Array.isArray(container)) container.splice(key as number, 1);
    else delete container[key as string];
  } else if (kind === 2 && !Array.isArray(container)) {
    // Renamed in place: the keys after it keep their order.
    const entries = Object.entries(container);
    for (const name of Object.keys(container)) delete container[name];
    for (const [name, item] of entries) container[name === key ? `${name}Renamed` : name] = item;
  } else if (typeof value === 'string') {
    const typed = `${value.slice(0, 3)}typed${value.slice(3)}`;
    if (Array.isArray(container)) container[key as number] = typed;
    else container[key as string] = typed;
  }
  return next;
}

function textOf(data: Json, pretty: boolean, crlf: boolean): string {
  const text = pretty ? JSON.stringify(data, null, 2) : JSON.stringify(data);
  return crlf ? text.replace(/\n/g, '\r\n') : text;
}

/** Locates every path (and one missing under each) through the memory; each must equal a fresh parse's range. */
function checkVersion(memory: PositionMemory, text: string, data: Json): void {
  const tracked = parseSource('/tmp/positions-test.json', text, 'positions-test.json');
  const fresh = parseSource('/tmp/positions-test.json', text, 'positions-test.json');
  expect(tracked.layout).toBeDefined();
  memory.track(tracked);
  const paths: JsonPath[] = [[], ...slots(data).map((slot) => slot.path)];
  for (const path of paths) {
    for (const asked of [path, [...path, 'missing']]) {
      expect(tracked.locate(asked), JSON.stringify(asked)).toEqual(fresh.locate(asked));
    }
  }
}

function documents(): Array<[string, Json]> {
  const found: Array<[string, Json]> = [
    [
      'fixtures/conformant/catalogue-api.yaml',
      parseYaml(readFileSync(join(ROOT, 'fixtures/conformant/catalogue-api.yaml'), 'utf8')) as Json,
    ],
  ];
  if (CORPUS_DIR) {
    const file = join(CORPUS_DIR, 'catalogue/legal-gazette.json');
    found.push(['catalogue/legal-gazette.json', JSON.parse(readFileSync(file, 'utf8')) as Json]);
  }
  return found;
}

describe(corpusTitle('positions reused across versions equal fresh ones'), () => {
  for (const [name, original] of documents()) {
    it(`${name}: every path, through a sequence of edits`, () => {
      let reused = 0;
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.nat(), fc.nat({ max: 3 })), { minLength: 1, maxLength: 6 }),
          fc.boolean(),
          fc.boolean(),
          (edits, pretty, crlf) => {
            const memory = new PositionMemory();
            let data = original;
            checkVersion(memory, textOf(data, pretty, crlf), data);
            for (const [pick, kind] of edits) {
              data = edited(data, pick, kind);
              checkVersion(memory, textOf(data, pretty, crlf), data);
              reused += memory.stats.reused;
            }
          },
        ),
        { numRuns: 25 },
      );
      // The memory is used, not bypassed: most positions of an edited version are reused.
      expect(reused).toBeGreaterThan(0);
    });
  }

  it('an edit that splits the value enclosing it reuses nothing after that value', () => {
    // `[[1, 2], 3]` → `[[1], [2], 3]`: the text after the inner array is the same, but `3` moved from index 1 to 2.
    const before = { l: [[1, 2], 3] };
    const after = { l: [[1], [2], 3] };
    const memory = new PositionMemory();
    checkVersion(memory, JSON.stringify(before, null, 2), before);
    checkVersion(memory, JSON.stringify(after, null, 2), after);
  });

  it('the same text again reuses every position; a parse without a layout reuses none', () => {
    const text = JSON.stringify({ openapi: '3.1.0', paths: { '/a': { get: {} } } }, null, 2);
    const memory = new PositionMemory();
    checkVersion(memory, text, JSON.parse(text) as Json);
    checkVersion(memory, text, JSON.parse(text) as Json);
    expect(memory.stats.located).toBe(0);
    // A comment sends JSON to the full parser, which has no layout: located afresh.
    const commented = `// note\n${text}`;
    const full = parseSource('/tmp/positions-test.json', commented, 'positions-test.json');
    expect(full.layout).toBeUndefined();
    memory.track(full);
    expect(full.locate(['paths'])).toEqual(
      parseSource('/tmp/positions-test.json', commented, 'positions-test.json').locate(['paths']),
    );
    expect(memory.stats).toEqual({ reused: 0, located: 1 });
  });
});

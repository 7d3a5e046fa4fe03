/**
 * Incremental linting (src/lint/incremental.ts) gives exactly what a full run of the rules gives.
 * Every rule fixture and every corpus description of one file is linted through a sequence of
 * versions: all its path items added at once (from a version with none), each path item removed
 * and put back, and edits drawn by fast-check inside path items (a value changed or deleted, an
 * operation copied to another method, a `$ref` retargeted). After each version the incremental
 * result must equal a full run on that version: rule, path, message and severity, as a set
 * (positions are computed from the path by the caller, the same way for both).
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../rulesets/rules/index.js';
import { isOpenApi3x } from '../../rulesets/lib/rule.js';
import { runRules, type RuleResult } from '../../src/lint/engine.js';
import { IncrementalRuleRunner, PATH_LOCAL_RULES } from '../../src/lint/incremental.js';
import { loadDescription } from '../../src/lint/load.js';
import { CORPUS_DIR, corpusTitle } from '../corpus.js';

const ROOT = join(import.meta.dirname, '../..');

function files(folder: string): string[] {
  return (
    readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .map((name) => join(folder, name))
      // A rule fixture folder's expected.json is the messages its fail fixtures give, not a description.
      .filter((file) => /\.(ya?ml|json)$/.test(file) && basename(file) !== 'expected.json' && statSync(file).isFile())
      .sort()
  );
}

const keyOf = (result: RuleResult) =>
  JSON.stringify([result.code, result.path.map(String), result.message, result.severity]);

type Json = Record<string, unknown>;

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Every (container, key) pair inside a value, for edits. */
function slots(
  value: unknown,
  into: Array<[Json | unknown[], string | number]> = [],
): Array<[Json | unknown[], string | number]> {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      into.push([value, i]);
      slots(item, into);
    });
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Json;
    for (const key of Object.keys(record)) {
      into.push([record, key]);
      slots(record[key], into);
    }
  }
  return into;
}

/** One edit inside one path item of `data` (a copy is changed), chosen by the numbers given. */
function edit(data: Json, pick: number, kind: number, componentNames: readonly string[]): Json {
  const next = copy(data);
  const paths = next.paths as Json;
  const templates = Object.keys(paths);
  if (templates.length === 0) return next;
  const template = templates[pick % templates.length];
  const item = paths[template];
  const places = slots(item);
  if (places.length === 0) return next;
  const [holder, key] = places[(pick >>> 3) % places.length];
  const current = (holder as Json)[key as string];
  switch (kind % 5) {
    case 0:
      // A value deleted (an array entry removed).
      if (Array.isArray(holder)) holder.splice(key as number, 1);
      else delete holder[key as string];
      break;
    case 1:
      // A text changed: a description emptied, a name given another case, a format renamed.
      (holder as Json)[key as string] = typeof current === 'string' ? `${current.toUpperCase()}_x` : 'date-time';
      break;
    case 2: {
      // An operation copied to another method of the same path item.
      const methods = ['get', 'put', 'post', 'delete', 'patch'];
      const operation = Object.keys(item as Json).find((k) => methods.includes(k));
      const free = methods.find((m) => !(m in (item as Json)));
      if (operation && free) (item as Json)[free] = copy((item as Json)[operation]);
      break;
    }
    case 3: {
      // A `$ref` pointed at another component schema.
      const name = componentNames[pick % Math.max(1, componentNames.length)];
      (holder as Json)[key as string] = name === undefined ? {} : { $ref: `#/components/schemas/${name}` };
      break;
    }
    default:
      // A required flag or a type flipped.
      (holder as Json)[key as string] = typeof current === 'boolean' ? !current : { type: 'string', format: 'date' };
  }
  return next;
}

async function documents(folder: string): Promise<Array<{ file: string; data: Json }>> {
  const found: Array<{ file: string; data: Json }> = [];
  for (const file of files(folder)) {
    let loaded;
    try {
      loaded = await loadDescription(file);
    } catch {
      // A fixture that is deliberately not a description (bad syntax, empty): nothing to lint incrementally.
      continue;
    }
    const data = loaded.data;
    if (loaded.files.size !== 1 || typeof data !== 'object' || data === null || !isOpenApi3x(data)) continue;
    if (typeof (data as Json).paths !== 'object' || (data as Json).paths === null) continue;
    found.push({ file, data: data as Json });
  }
  return found;
}

/** The rules whose results differ between the two runs, each with its first difference. */
function differences(got: readonly RuleResult[], want: readonly RuleResult[]): Map<string, string> {
  const found = new Map<string, string>();
  // Each result's key made once (they were made three times, a tenth of the file's time).
  const gotList = got.map(keyOf);
  const wantList = want.map(keyOf);
  const gotKeys = new Set(gotList);
  const wantKeys = new Set(wantList);
  wantList.forEach((key, i) => {
    if (!gotKeys.has(key)) found.set(want[i].code, `missing: ${key}`);
  });
  gotList.forEach((key, i) => {
    if (!wantKeys.has(key)) found.set(got[i].code, `extra: ${key}`);
  });
  if (found.size === 0) expect(gotList.sort()).toEqual(wantList.sort());
  return found;
}

/**
 * A full run's results on a version, by the version's object: a sequence goes back to the same
 * whole description after each path item (13 of its 26 versions), and the rules give the same
 * results on the same data (no version is changed in place: every edit and every run is on a copy).
 */
const fullRuns = new WeakMap<Json, RuleResult[]>();
function fullRun(version: Json): RuleResult[] {
  let results = fullRuns.get(version);
  if (!results) fullRuns.set(version, (results = runRules(RULES, copy(version))));
  return results;
}

/** Lints the versions in order incrementally and in full; every version's results must agree (the rules that differ are collected). */
function checkSequence(versions: readonly Json[], wrong: Map<string, string>): { incremental: number } {
  const runner = new IncrementalRuleRunner();
  let incremental = 0;
  for (const version of versions) {
    const got = runner.run(RULES, copy(version));
    if (runner.lastRun.mode === 'incremental') incremental++;
    for (const [rule, why] of differences(got, fullRun(version))) if (!wrong.has(rule)) wrong.set(rule, why);
  }
  return { incremental };
}

function sequenceFor(data: Json): Json[] {
  const paths = data.paths as Json;
  const versions: Json[] = [{ ...data, paths: {} }, data];
  // Each path item removed, then the whole put back (at most 12, for time).
  for (const template of Object.keys(paths).slice(0, 12)) {
    const without: Json = {};
    for (const key of Object.keys(paths)) if (key !== template) without[key] = paths[key];
    versions.push({ ...data, paths: without }, data);
  }
  return versions;
}

describe('incremental linting equals a full run', () => {
  it('is incremental for a path-item edit, and full when something outside paths changes', async () => {
    const [document] = await documents(join(ROOT, 'fixtures/rules/platform-operation-description'));
    expect(document).toBeDefined();
    const data = (document as { data: Json }).data;
    const runner = new IncrementalRuleRunner();
    runner.run(RULES, copy(data));
    expect(runner.lastRun.mode).toBe('full');
    const edited = edit(data, 0, 1, []);
    runner.run(RULES, edited);
    expect(runner.lastRun).toMatchObject({ mode: 'incremental', changedPathItems: 1 });
    runner.run(RULES, { ...copy(edited), info: { title: 'Other' } });
    expect(runner.lastRun).toMatchObject({ mode: 'full', reason: '`info` changed' });
  });

  it('on every rule fixture: path items removed and put back, and random edits', async () => {
    const docs = await documents(join(ROOT, 'fixtures/rules'));
    expect(docs.length).toBeGreaterThan(50);
    let incremental = 0;
    const wrong = new Map<string, string>();
    for (const { data } of docs) incremental += checkSequence(sequenceFor(data), wrong).incremental;
    expect(incremental).toBeGreaterThan(docs.length);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: docs.length - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 6 }),
        (which, choices) => {
          const data = (docs[which] as { data: Json }).data;
          const names = Object.keys(((data.components as Json | undefined)?.schemas as Json | undefined) ?? {});
          const versions = [data];
          for (const [pick, kind] of choices) versions.push(edit(versions.at(-1) as Json, pick, kind, names));
          checkSequence(versions, wrong);
        },
      ),
      { numRuns: 150, seed: 28 },
    );
    expect(Object.fromEntries(wrong)).toEqual({});
  }, 300_000);

  it.skipIf(!CORPUS_DIR)(
    corpusTitle('on every one-file corpus description'),
    async () => {
      const folders = ['catalogue', 'real'].map((name) => join(CORPUS_DIR ?? '', name));
      const docs = (await Promise.all(folders.map(documents))).flat();
      expect(docs.length).toBeGreaterThan(10);
      const wrong = new Map<string, string>();
      for (const { data } of docs) {
        const names = Object.keys(((data.components as Json | undefined)?.schemas as Json | undefined) ?? {});
        const versions = sequenceFor(data);
        let last = data;
        for (let i = 0; i < 8; i++) versions.push((last = edit(last, i * 7919 + 13, i, names)));
        checkSequence(versions, wrong);
      }
      expect(Object.fromEntries(wrong)).toEqual({});
    },
    600_000,
  );

  it('lists only rules that exist', () => {
    const ids = new Set(RULES.map((rule) => rule.id));
    for (const id of PATH_LOCAL_RULES) expect(ids.has(id), id).toBe(true);
  });
});

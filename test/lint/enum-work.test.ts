/**
 * Issue 34, o34r17 B9: an example checked against an `enum` of many objects made ajv deep-compare
 * every item with every entry (3,000 × 3,000 objects of 40 keys: `lint --gate` 84 s and "No
 * problems found"). Each `enum`/`const` check is now charged its comparisons
 * (rulesets/lib/openapi/example-work.ts `equalityWork`) in the example's work, so past the bound
 * the example is not checked and a `vottur-walk-limit` error fails the document.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';
import { COMPARISONS_PER_APPLICATION, equalityWork, valueSizedWork } from '../../rulesets/lib/openapi/example-work.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-enum-work-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `count` objects of `keys` keys, alike but for `k0` (the key fast-deep-equal compares last). */
function entries(count: number, keys: number): Array<Record<string, number>> {
  return Array.from({ length: count }, (_, i) =>
    Object.fromEntries(Array.from({ length: keys }, (_, k) => [`k${k}`, k === 0 ? i : 0])),
  );
}

/** A description whose schema `Things` is an array of items from `list`, with `example` as its example. */
function described(list: unknown[], example: unknown[]): string {
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'T', version: '1.0.0', description: 'Things.' },
    paths: {
      '/v1/things': {
        get: {
          operationId: 'listThings',
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Things' } } },
            },
          },
        },
      },
    },
    components: { schemas: { Things: { type: 'array', items: { enum: list }, example } } },
  });
}

type Found = Array<{ ruleId: string; severity: string; message: string; path: Array<string | number> }>;

async function lint(name: string, text: string): Promise<{ code: number; findings: Found }> {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, text);
  const { code, stdout } = await votturInProcess(['lint', file, '--gate', '-f', 'json'], { cwd: dir });
  return { code: code ?? -1, findings: (JSON.parse(stdout) as { findings: Found }).findings };
}

describe('an example against an enum of many objects (o34r17 B9)', () => {
  it('400 objects of 20 keys, each item equal to the last entry: not checked, a vottur-walk-limit error fails the gate', async () => {
    const list = entries(400, 20);
    const last = list.at(-1);
    const { code, findings } = await lint(
      'bomb',
      described(
        list,
        Array.from({ length: 400 }, () => last),
      ),
    );
    const limit = findings.filter((finding) => finding.ruleId === 'vottur-walk-limit');
    expect(limit).toHaveLength(1);
    expect(limit[0]?.severity).toBe('error');
    expect(limit[0]?.path).toEqual(['components', 'schemas', 'Things', 'example']);
    expect(limit[0]?.message).toContain(
      'did not follow an example whose validation would take more than 500,000 steps (`uniqueItems` over many objects, a `pattern` over a long string, an `enum` or `const` of many or large values)',
    );
    expect(code).not.toBe(0);
  }, 30_000);

  it('a few items against 20 objects: checked (an item not in the enum is reported), no limit', async () => {
    const list = entries(20, 20);
    const { findings } = await lint('few', described(list, [list[3], { ...list[3], k0: 99 }]));
    expect(findings.filter((finding) => finding.ruleId === 'vottur-walk-limit')).toEqual([]);
    const invalid = findings.filter((finding) => finding.ruleId === 'platform-example-valid');
    expect(invalid.map((finding) => finding.path)).toEqual([['components', 'schemas', 'Things', 'example']]);
    expect(invalid[0]?.message).toMatch(
      /^The example of `Things` does not match its schema: `\/1` is `\{"k0":99,.*; expected one of/,
    );
  });
});

describe('an example of many distinct wide objects under uniqueItems (o34r18 B11)', () => {
  it('1,200 objects of 60 members: each pair charged its key listing, a vottur-walk-limit error fails the gate', async () => {
    const items = entries(1_200, 60);
    const text = JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'T', version: '1.0.0', description: 'Things.' },
      paths: {},
      components: {
        schemas: { Things: { type: 'array', uniqueItems: true, items: { type: 'object' }, example: items } },
      },
    });
    const { code, findings } = await lint('unique-wide', text);
    expect(code).toBe(1);
    expect(findings.filter((f) => f.ruleId === 'vottur-walk-limit').map((f) => f.path.join('.'))).toEqual([
      'components.schemas.Things.example',
    ]);
  });

  it('a few wide objects cost little: 5 items of 60 members stay far within the bound', () => {
    expect(
      valueSizedWork({ type: 'array', uniqueItems: true, items: { type: 'object' } }, entries(5, 60)),
    ).toBeLessThan(100);
  });
});

describe('equalityWork', () => {
  it('a scalar value, or a scalar entry, is one step per entry', () => {
    expect(equalityWork({ enum: ['a', 'b', 'c'] }, 'a')).toBe(3);
    expect(equalityWork({ enum: ['a', { x: 1 }] }, 7)).toBe(2);
    expect(equalityWork({ const: 'a' }, { x: 1 })).toBe(1);
    expect(equalityWork({ type: 'string' }, 'a')).toBe(0);
  });

  it('an object against object entries: pairs compared, the entries’ keys and the value’s listed', () => {
    // {k0, k1} (3 nodes) against two 3-node entries: 3 pairs, 3 entry nodes, 2 value keys, each.
    expect(
      equalityWork(
        {
          enum: [
            { k0: 1, k1: 0 },
            { k0: 2, k1: 0 },
          ],
        },
        { k0: 1, k1: 0 },
      ),
    ).toBe(2 * (3 + 3 + 2));
    // A const is one entry, the same way.
    expect(equalityWork({ const: { k0: 1, k1: 0 } }, { k0: 1, k1: 0 })).toBe(3 + 3 + 2);
  });

  it('a large value against small entries costs the entries’ size, and its width (fast-deep-equal lists its keys)', () => {
    const deep = { a: { b: { c: { d: Array.from({ length: 1_000 }, (_, i) => i) } } } };
    // Only the first levels of the value are reached by a one-level entry.
    expect(equalityWork({ enum: [{ a: 1 }] }, deep)).toBe(2 + 2 + 2);
    const wide = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]));
    expect(equalityWork({ enum: Array.from({ length: 100 }, () => ({})) }, wide)).toBeGreaterThanOrEqual(100 * 10_000);
  });

  it('an enum of 300,000 objects is measured (no spread of its entries into one call)', () => {
    const many = { enum: Array.from({ length: 300_000 }, () => ({ a: 1 })) };
    expect(equalityWork(many, { a: 1 })).toBe(300_000 * (2 + 2 + 1));
  });

  it('is charged in valueSizedWork, per COMPARISONS_PER_APPLICATION', () => {
    expect(valueSizedWork({ enum: ['a', 'b', 'c', 'd', 'e'] }, 'a')).toBe(5 / COMPARISONS_PER_APPLICATION);
  });
});

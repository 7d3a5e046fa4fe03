/**
 * The allOf merge carries every keyword of every part (attack o34r17 B2, B3). It kept the first
 * definition of a keyword and dropped the parts that are no object: `type: number` gaining
 * `allOf: [{type: integer}]`, `allOf: [false]`, an object gaining `allOf: [{type: string}]` were
 * each "0 changes" under `vottur diff --gate`. Now types are intersected (an empty intersection, a
 * `false` part, a part that is `not: {}` allow no value: `diff-*-became-false`), bounds take the
 * tightest, and so on (rulesets/lib/openapi/allof-keywords.ts). The property: a schema's keywords
 * split across allOf parts, each also restated more loosely in another part, give the same findings
 * as the schema written whole; and any way of allowing nothing gives what `false` gives.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { compareDescriptions } from '../../src/diff/compare.js';
import type { Document } from '../../rulesets/lib/openapi/types.js';
import { votturInProcess as vottur } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-allof-merge-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Schema = Record<string, unknown> | boolean;

/** A description whose POST /x takes `schema` as a query parameter and a body, and answers it. */
function document(schema: Schema, version = '3.1.0'): Document {
  return {
    openapi: version,
    info: { title: 'T', version: '1.0.0' },
    paths: {
      '/x': {
        post: {
          parameters: [{ name: 'q', in: 'query', schema }],
          requestBody: { content: { 'application/json': { schema } } },
          responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } },
        },
      },
    },
  };
}

let files = 0;
function file(schema: Schema, version?: string): string {
  const name = `d${files++}.json`;
  writeFileSync(join(dir, name), JSON.stringify(document(schema, version)));
  return name;
}

async function gate(base: Schema, revision: Schema, version?: string) {
  const result = await vottur(['diff', file(base, version), file(revision, version), '--gate', '-f', 'json'], {
    cwd: dir,
  });
  expect(result.code, result.stderr).not.toBe(2);
  const report = JSON.parse(result.stdout) as {
    findings: Array<{ ruleId: string; severity: string; pointer: string; message: string }>;
  };
  return { code: result.code, findings: report.findings };
}

describe('vottur diff --gate: a keyword in an allOf part narrows the schema (o34r17 B3)', () => {
  it('type: number gaining allOf: [{type: integer}] is the type narrowed, as type: integer is', async () => {
    const { code, findings } = await gate({ type: 'number' }, { type: 'number', allOf: [{ type: 'integer' }] });
    expect(code).toBe(1);
    const narrowed = findings.filter((f) => f.ruleId === 'diff-request-parameter-type-narrowed');
    expect(narrowed.map((f) => f.pointer)).toEqual(['/paths/~1x/post/parameters/0/schema/allOf/0/type']);
    expect(narrowed[0]?.message).toContain('the type of query parameter q changed from number to integer');
  });

  for (const [name, base, revision, version] of [
    ['an object gaining allOf: [{type: string}]', { type: 'object' }, { type: 'object', allOf: [{ type: 'string' }] }],
    [
      'an integer gaining allOf: [{type: string}] (3.0)',
      { type: 'integer' },
      { type: 'integer', allOf: [{ type: 'string' }] },
      '3.0.3',
    ],
    ['an object gaining allOf: [{type: "null"}]', { type: 'object' }, { type: 'object', allOf: [{ type: 'null' }] }],
    [
      'an enum gaining a part with none of its values',
      { enum: ['a', 'b'] },
      { enum: ['a', 'b'], allOf: [{ enum: ['c'] }] },
    ],
  ] as Array<[string, Schema, Schema, string?]>)
    it(`${name} allows no value: became-false, breaking`, async () => {
      const { code, findings } = await gate(base, revision, version);
      expect(code).toBe(1);
      const ids = findings.map((f) => f.ruleId);
      expect(ids).toContain('diff-request-parameter-became-false');
      expect(ids).toContain('diff-request-body-became-false');
      expect(ids).toContain('diff-response-body-became-false');
      const body = findings.find((f) => f.ruleId === 'diff-request-body-became-false');
      expect(body?.pointer).toMatch(
        /^\/paths\/~1x\/post\/requestBody\/content\/application~1json\/schema\/allOf\/0\/(type|enum)$/,
      );
      expect(body?.message).toContain('request body (application/json) now allows no value (its schema became false)');
    });

  it("a property's string type gaining allOf: [{type: integer}] allows no value for it", async () => {
    const object = (amount: Schema): Schema => ({ type: 'object', properties: { amount } });
    const { code, findings } = await gate(
      object({ type: 'string' }),
      object({ type: 'string', allOf: [{ type: 'integer' }] }),
      '3.0.3',
    );
    expect(code).toBe(1);
    const body = findings.find((f) => f.ruleId === 'diff-request-body-became-false');
    expect(body?.pointer).toBe(
      '/paths/~1x/post/requestBody/content/application~1json/schema/properties/amount/allOf/0/type',
    );
  });

  it('a maxLength tightened only in a later part is tightened', async () => {
    const { code, findings } = await gate(
      { type: 'string', maxLength: 10 },
      { type: 'string', maxLength: 10, allOf: [{ maxLength: 5 }] },
    );
    expect(code).toBe(1);
    const tightened = findings.find((f) => f.ruleId === 'diff-request-body-constraint-tightened');
    expect(tightened?.message).toContain('maxLength changed (10 → 5)');
  });

  it('a format added in a later part beside one of its own is compared, never dropped', async () => {
    const { findings } = await gate(
      { type: 'string', format: 'date' },
      { type: 'string', format: 'date', allOf: [{ format: 'email' }] },
    );
    const changed = findings.filter((f) => f.ruleId === 'diff-request-body-keyword-changed');
    expect(changed).toHaveLength(1);
    expect(changed[0]?.message).toContain(
      'request body (application/json): format (allOf part 2) changed from (none) to "email"',
    );
    expect(changed[0]?.pointer).toBe('/paths/~1x/post/requestBody/content/application~1json/schema/allOf/0/format');
  });
});

describe('vottur diff --gate: a part that allows nothing makes the schema allow nothing (o34r17 B2)', () => {
  for (const [name, part] of [
    ['false', false],
    ['{not: {}}', { not: {} }],
    ['allOf: [false] nested', { allOf: [false] }],
    ['anyOf: [false]', { anyOf: [false] }],
  ] as Array<[string, Schema]>)
    it(`allOf: [${name}] added is became-false, breaking, at the part`, async () => {
      const { code, findings } = await gate({ type: 'integer' }, { type: 'integer', allOf: [part] });
      expect(code).toBe(1);
      const parameter = findings.find((f) => f.ruleId === 'diff-request-parameter-became-false');
      expect(parameter?.message).toContain('query parameter q now allows no value (its schema became false)');
      expect(parameter?.pointer).toBe('/paths/~1x/post/parameters/0/schema/allOf/0');
    });

  it('a part too large to read whether it allows nothing is the limit reached, an error, never silence', async () => {
    // 20 × 20 × 20 schemas that are each `false`: past the 4,096 schemas one part's answer may read.
    const level = (inner: () => unknown) => ({ anyOf: Array.from({ length: 20 }, inner) });
    const wide = level(() => level(() => level(() => false)));
    const { code, findings } = await gate({ type: 'integer' }, { type: 'integer', allOf: [wide] });
    expect(code).toBe(1);
    const limits = findings.filter((f) => f.ruleId === 'diff-schema-limit-reached');
    expect(limits.map((f) => f.pointer)).toContain('/paths/~1x/post/parameters/0/schema/allOf/0');
    expect(limits.every((f) => f.severity === 'error')).toBe(true);
  });

  it('allOf: [false] on both sides is no change', async () => {
    const { code, findings } = await gate(
      { type: 'integer', allOf: [false] },
      { type: 'string', allOf: [{ allOf: [false] }] },
    );
    expect(code).toBe(0);
    expect(findings.filter((f) => f.ruleId.startsWith('diff-'))).toEqual([]);
  });
});

// The property, on the comparison itself (each run is milliseconds; the CLI path is tested above).

type Keywords = Record<string, unknown>;

const TYPES = ['string', 'integer', 'number', 'boolean'];
const keywordsArbitrary: fc.Arbitrary<Keywords> = fc.record(
  {
    type: fc.oneof(
      fc.constantFrom(...TYPES),
      fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 }),
    ),
    minimum: fc.integer({ min: 0, max: 10 }),
    maximum: fc.integer({ min: 10, max: 20 }),
    minLength: fc.integer({ min: 0, max: 5 }),
    maxLength: fc.integer({ min: 5, max: 10 }),
    multipleOf: fc.constantFrom(1, 2, 3, 6),
    enum: fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 1, maxLength: 4 }),
    uniqueItems: fc.boolean(),
    items: fc.constantFrom({ type: 'integer' }, { type: 'string' }, { maxLength: 3 }),
    pattern: fc.constantFrom('^a', 'b$'),
  },
  { requiredKeys: [] },
);

/** A looser restatement of one keyword (what the part allows includes what the whole allows). */
function looser(key: string, value: unknown): unknown {
  switch (key) {
    case 'type': {
      const list = typeof value === 'string' ? [value] : (value as string[]);
      return [...new Set([...list.map((t) => (t === 'integer' ? 'number' : t)), 'boolean'])];
    }
    case 'minimum':
    case 'minLength':
      return Math.max(0, (value as number) - 2);
    case 'maximum':
    case 'maxLength':
      return (value as number) + 2;
    case 'multipleOf':
      return value === 6 ? 2 : 1;
    case 'enum':
      return [...(value as string[]), 'z'];
    case 'uniqueItems':
      return false;
    case 'items':
      return {};
    default:
      return value;
  }
}

/** The keywords spread over an outer schema and allOf parts, each restated loosely somewhere else when `loose` says so. */
function split(keywords: Keywords, places: number[], loose: boolean[], parts: number): Schema {
  const layers: Keywords[] = Array.from({ length: parts + 1 }, () => ({}));
  Object.entries(keywords).forEach(([key, value], index) => {
    const at = (places[index] ?? 0) % layers.length;
    layers[at][key] = value;
    if (loose[index]) layers[(at + 1) % layers.length][key] = looser(key, value);
  });
  const [outer = {}, ...rest] = layers;
  return rest.length ? { ...outer, allOf: rest } : outer;
}

const findings = (base: Schema, revision: Schema) =>
  compareDescriptions(document(base), document(revision))
    .changes.map((c) => c.check)
    .sort();

describe('the allOf merge: the same findings whichever way the keywords are split into parts', () => {
  it('split across parts, restated loosely: the findings of the schema written whole', () => {
    fc.assert(
      fc.property(
        keywordsArbitrary,
        keywordsArbitrary,
        fc.array(fc.nat(3), { minLength: 10, maxLength: 10 }),
        fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
        fc.integer({ min: 1, max: 3 }),
        (base, revision, places, loose, parts) => {
          expect(findings(base, split(revision, places, loose, parts))).toEqual(findings(base, revision));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('any part that allows nothing gives what false gives', () => {
    const nothing = fc.constantFrom<Array<(x: Keywords) => Schema>>(
      (x) => ({ ...x, allOf: [false] }),
      (x) => ({ ...x, allOf: [{ not: {} }] }),
      (x) => ({ ...x, allOf: [{ allOf: [{ not: true }] }] }),
      (x) => ({ ...x, type: 'string', allOf: [{ type: 'integer' }] }),
      (x) => ({ ...x, enum: ['a'], allOf: [{ enum: ['b'] }] }),
      (x) => ({ ...x, const: 'a', allOf: [{ const: 'b' }] }),
    );
    fc.assert(
      fc.property(keywordsArbitrary, keywordsArbitrary, nothing, (base, revision, make) => {
        expect(findings(base, make(revision))).toEqual(findings(base, false));
        expect(findings(make(revision), base)).toEqual(findings(false, base));
      }),
      { numRuns: 200 },
    );
  });
});

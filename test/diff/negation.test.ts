/**
 * A `not` that only negates another, in any De Morgan form, says what the negated schema says:
 * `not: {anyOf: [{not: X}]}`, `not: {oneOf: [{not: X}]}`, `not: {allOf: [{not: X}]}` and
 * `not: {anyOf: [{not: X}, {not: X}]}` are X. The diff read only `not: {not: X}` through, so a
 * type change inside the other forms was "the schema under not changed", a review warning that
 * `vottur diff --gate` allowed with exit 0 (issue 34, item 6; outside attack B6). Negations are
 * now pushed through wherever De Morgan allows (rulesets/lib/openapi/flatten.ts), and a change
 * under a `not` that cannot be pushed through is breaking: a gate never allows it unseen.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess as vottur } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-negation-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Schema = Record<string, unknown>;

const BEFORE: Schema = { type: 'object', properties: { name: { type: 'string' } } };
const AFTER: Schema = { type: 'object', properties: { name: { type: 'integer' } } };

let files = 0;
/** A description whose GET /x answers `schema` and takes `schema` as a query parameter. */
function description(schema: Schema): string {
  const name = `d${files++}.json`;
  const document = {
    openapi: '3.1.0',
    info: { title: 'T', version: '1.0.0' },
    paths: {
      '/x': {
        get: {
          parameters: [{ name: 'q', in: 'query', schema }],
          responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } },
        },
      },
    },
  };
  writeFileSync(join(dir, name), JSON.stringify(document));
  return name;
}

async function gate(
  base: Schema,
  revision: Schema,
): Promise<{ code: number | null; errors: string[]; changes: number; stdout: string }> {
  const result = await vottur(['diff', description(base), description(revision), '--gate', '-f', 'json'], {
    cwd: dir,
  });
  const report = JSON.parse(result.stdout) as { findings: Array<{ ruleId: string; severity: string }> };
  return {
    code: result.code,
    errors: report.findings.filter((f) => f.severity === 'error').map((f) => f.ruleId),
    changes: report.findings.filter((f) => f.ruleId.startsWith('diff-')).length,
    stdout: result.stdout,
  };
}

describe('vottur diff --gate reads a negation of a negation, in every De Morgan form, as what it negates', () => {
  const forms: Array<[string, (x: Schema) => Schema]> = [
    ['not: {anyOf: [{not: X}]}', (x) => ({ not: { anyOf: [{ not: x }] } })],
    ['not: {oneOf: [{not: X}]}', (x) => ({ not: { oneOf: [{ not: x }] } })],
    ['not: {allOf: [{not: X}]}', (x) => ({ not: { allOf: [{ not: x }] } })],
    ['not: {anyOf: [{not: X}, {not: X}]}', (x) => ({ not: { anyOf: [{ not: x }, { not: x }] } })],
    ['not: {allOf: [{not: X}, {not: X}]}', (x) => ({ not: { allOf: [{ not: x }, { not: x }] } })],
    ['not: {anyOf: [{anyOf: [{not: X}]}]}', (x) => ({ not: { anyOf: [{ anyOf: [{ not: x }] }] } })],
  ];
  for (const [name, wrap] of forms)
    it(`a type change inside ${name} is a breaking type change; the gated run fails`, async () => {
      const { code, errors } = await gate(wrap(BEFORE), wrap(AFTER));
      expect(code).toBe(1);
      expect(errors).toContain('diff-response-body-type-changed');
      expect(errors).toContain('platform-version-breaking-without-major');
    });

  it('not(anyOf[not A, not B]) is A and B: a change in either part is named', async () => {
    const other: Schema = { required: ['name'] };
    const wrap = (x: Schema): Schema => ({ not: { anyOf: [{ not: x }, { not: other }] } });
    const { code, errors } = await gate(wrap(BEFORE), wrap(AFTER));
    expect(code).toBe(1);
    expect(errors).toContain('diff-response-body-type-changed');
  });

  it('a change under a not that cannot be pushed through (not of an allOf of different parts) is breaking', async () => {
    const wrap = (x: Schema): Schema => ({ not: { allOf: [x, { required: ['name'] }] } });
    const { code, errors } = await gate(wrap(BEFORE), wrap(AFTER));
    expect(code).toBe(1);
    expect(errors).toContain('diff-response-body-not-changed');
  });

  it('a change under the second of two nots in allOf parts is breaking (the first did not hide it)', async () => {
    const wrap = (x: Schema): Schema => ({ allOf: [{ not: { const: 'a' } }, { not: x }] });
    const { code, errors } = await gate(wrap(BEFORE), wrap(AFTER));
    expect(code).toBe(1);
    expect(errors).toContain('diff-response-body-not-changed');
  });

  it('wrapping in a De Morgan form changes nothing when nothing inside changes', async () => {
    const wrap = (x: Schema): Schema => ({ not: { anyOf: [{ not: x }, { not: x }] } });
    const { code, changes } = await gate(wrap(BEFORE), wrap(BEFORE));
    expect(changes).toBe(0);
    expect(code).toBe(0);
  });
});

/** A stack of wrappers that says what the schema inside says (`Pos`), or its negation (`Neg`). */
type Pos =
  | { k: 'id' }
  | { k: 'not'; n: Neg }
  | { k: 'allOf' | 'anyOf'; ps: Pos[] }
  | { k: 'oneOf'; ps: [Pos] }
  // {if: P, else: false} and {if: P, then: true, else: false} are P; {if: N, then: false} is not N.
  | { k: 'ifElseFalse'; p: Pos; thenTrue: boolean }
  | { k: 'ifThenFalse'; n: Neg; elseTrue: boolean };
type Neg =
  | { k: 'not'; p: Pos }
  | { k: 'allOf' | 'anyOf'; ns: Neg[] }
  | { k: 'oneOf'; ns: [Neg] }
  // {if: P, then: false} is not P; {if: N, else: false} is N.
  | { k: 'ifThenFalse'; p: Pos; elseTrue: boolean }
  | { k: 'ifElseFalse'; n: Neg; thenTrue: boolean };

function pos(depth: number): fc.Arbitrary<Pos> {
  const id = fc.constant<Pos>({ k: 'id' });
  if (depth === 0) return id;
  const inner = pos(depth - 1);
  return fc.oneof(
    id,
    neg(depth - 1).map((n): Pos => ({ k: 'not', n })),
    fc
      .tuple(fc.constantFrom('allOf' as const, 'anyOf' as const), fc.array(inner, { minLength: 1, maxLength: 2 }))
      .map(([k, ps]): Pos => ({ k, ps })),
    inner.map((p): Pos => ({ k: 'oneOf', ps: [p] })),
    fc.tuple(inner, fc.boolean()).map(([p, thenTrue]): Pos => ({ k: 'ifElseFalse', p, thenTrue })),
    fc.tuple(neg(depth - 1), fc.boolean()).map(([n, elseTrue]): Pos => ({ k: 'ifThenFalse', n, elseTrue })),
  );
}

function neg(depth: number): fc.Arbitrary<Neg> {
  const plain = fc.constant<Neg>({ k: 'not', p: { k: 'id' } });
  if (depth === 0) return plain;
  const inner = neg(depth - 1);
  return fc.oneof(
    pos(depth - 1).map((p): Neg => ({ k: 'not', p })),
    fc
      .tuple(fc.constantFrom('allOf' as const, 'anyOf' as const), fc.array(inner, { minLength: 1, maxLength: 2 }))
      .map(([k, ns]): Neg => ({ k, ns })),
    inner.map((n): Neg => ({ k: 'oneOf', ns: [n] })),
    fc.tuple(pos(depth - 1), fc.boolean()).map(([p, elseTrue]): Neg => ({ k: 'ifThenFalse', p, elseTrue })),
    fc.tuple(inner, fc.boolean()).map(([n, thenTrue]): Neg => ({ k: 'ifElseFalse', n, thenTrue })),
  );
}

function applyPos(w: Pos, x: Schema): Schema {
  if (w.k === 'id') return x;
  if (w.k === 'not') return { not: applyNeg(w.n, x) };
  if (w.k === 'ifElseFalse') return { if: applyPos(w.p, x), ...(w.thenTrue ? { then: true } : {}), else: false };
  if (w.k === 'ifThenFalse') return { if: applyNeg(w.n, x), then: false, ...(w.elseTrue ? { else: {} } : {}) };
  return { [w.k]: w.ps.map((p) => applyPos(p, x)) };
}

function applyNeg(w: Neg, x: Schema): Schema {
  if (w.k === 'not') return { not: applyPos(w.p, x) };
  if (w.k === 'ifThenFalse') return { if: applyPos(w.p, x), then: false, ...(w.elseTrue ? { else: true } : {}) };
  if (w.k === 'ifElseFalse') return { if: applyNeg(w.n, x), ...(w.thenTrue ? { then: {} } : {}), else: false };
  return { [w.k]: w.ns.map((n) => applyNeg(n, x)) };
}

describe('no stack of negations, compositions and conditionals with a true or false branch equivalent to the plain schema hides a breaking change', () => {
  it('wrapped the same way on both sides, a type change fails the gate; no change gives 0 changes', async () => {
    await fc.assert(
      fc.asyncProperty(pos(5), async (wrapper) => {
        const changed = await gate(applyPos(wrapper, BEFORE), applyPos(wrapper, AFTER));
        expect(changed.code, JSON.stringify(applyPos(wrapper, AFTER))).not.toBe(0);
        expect(changed.errors.length).toBeGreaterThan(0);
        const same = await gate(applyPos(wrapper, BEFORE), applyPos(wrapper, BEFORE));
        expect(same.changes).toBe(0);
        expect(same.code).toBe(0);
      }),
      { numRuns: 60 },
    );
  });
});

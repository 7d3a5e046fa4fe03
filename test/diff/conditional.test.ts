/**
 * An `if`/`then`/`else` with a `false` or `true` branch says what a plainer schema says:
 * `{if: X, else: false}` is X, `{if: {not: X}, then: false}` is X, `{if: X, then: false}` is not X.
 * The diff compared every change of `if` as "the condition changed", a review warning that
 * `vottur diff --gate` allowed with exit 0, so a type change hidden in such a conditional (or under
 * an irreducible `not` inside `if`) passed the gate (issue 34; outside attack C4). The shared schema
 * walk (rulesets/lib/openapi/flatten.ts) now rewrites these conditionals as what they stand for, and
 * a changed condition it cannot rewrite is breaking: a gate never allows it unseen.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess as vottur } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-conditional-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Schema = Record<string, unknown>;

const BEFORE: Schema = { type: 'object', properties: { name: { type: 'string' } } };
const AFTER: Schema = { type: 'object', properties: { name: { type: 'integer' } } };

let files = 0;
/** A description whose POST /x takes `schema` as a query parameter and a body, and answers it. */
function description(schema: Schema): string {
  const name = `d${files++}.json`;
  const media = { 'application/json': { schema } };
  const document = {
    openapi: '3.1.0',
    info: { title: 'T', version: '1.0.0' },
    paths: {
      '/x': {
        post: {
          parameters: [{ name: 'q', in: 'query', schema }],
          requestBody: { content: media },
          responses: { '200': { description: 'ok', content: media } },
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
): Promise<{ code: number | null; errors: string[]; changes: number }> {
  const result = await vottur(['diff', description(base), description(revision), '--gate', '-f', 'json'], {
    cwd: dir,
  });
  const report = JSON.parse(result.stdout) as { findings: Array<{ ruleId: string; severity: string }> };
  return {
    code: result.code,
    errors: report.findings.filter((f) => f.severity === 'error').map((f) => f.ruleId),
    changes: report.findings.filter((f) => f.ruleId.startsWith('diff-')).length,
  };
}

describe('vottur diff --gate never allows a change hidden in a conditional', () => {
  const cases: Array<[string, (x: Schema) => Schema, string]> = [
    ['{if: X, else: false} (= X)', (x) => ({ if: x, else: false }), 'type-changed'],
    ['{if: {not: X}, then: false} (= X)', (x) => ({ if: { not: x }, then: false }), 'type-changed'],
    ['{if: X, then: true, else: false} (= X)', (x) => ({ if: x, then: true, else: false }), 'type-changed'],
    ['{if: true, then: X} (= X)', (x) => ({ if: true, then: x }), 'type-changed'],
    [
      'allOf: [{if: {not: X}, then: {not: {}}}] (= X)',
      (x) => ({ allOf: [{ if: { not: x }, then: { not: {} } }] }),
      'type-changed',
    ],
    ['{if: X, then: false} (= not X)', (x) => ({ if: x, then: false }), 'not-changed'],
    [
      '{if: {not: X}, then: {required: [a]}} (a not inside if)',
      (x) => ({ if: { not: x }, then: { required: ['a'] } }),
      'condition-changed',
    ],
    [
      '{if: X, then: {required: [a]}, else: {required: [b]}}',
      (x) => ({ if: x, then: { required: ['a'] }, else: { required: ['b'] } }),
      'condition-changed',
    ],
  ];
  for (const [name, wrap, change] of cases) {
    it(`a type change inside ${name} is breaking (diff-*-${change}); the gated run fails`, async () => {
      const { code, errors } = await gate(wrap(BEFORE), wrap(AFTER));
      expect(code).toBe(1);
      for (const place of ['request-body', 'response-body']) expect(errors).toContain(`diff-${place}-${change}`);
      // A query parameter is text, where string to integer narrows the values (type-narrowed).
      expect(errors.filter((id) => id.startsWith('diff-request-parameter-'))).not.toEqual([]);
      expect(errors).toContain('platform-version-breaking-without-major');
    });
    it(`${name} unchanged gives no change`, async () => {
      const { code, changes } = await gate(wrap(BEFORE), wrap(BEFORE));
      expect(changes).toBe(0);
      expect(code).toBe(0);
    });
  }

  it('a change in the second of two conditionals in allOf parts is breaking (the first did not hide it)', async () => {
    const first: Schema = { if: { required: ['a'] }, then: { required: ['b'] } };
    const wrap = (x: Schema): Schema => ({ allOf: [first, { if: x, then: { required: ['c'] } }] });
    const { code, errors } = await gate(wrap(BEFORE), wrap(AFTER));
    expect(code).toBe(1);
    expect(errors).toContain('diff-response-body-not-changed');
    const same = await gate(wrap(BEFORE), wrap(BEFORE));
    expect(same.changes).toBe(0);
  });

  it('a condition whose branches both allow everything decides nothing: changing it is no change', async () => {
    const wrap = (x: Schema): Schema => ({ type: 'object', if: x, then: true, else: {} });
    const { code, changes } = await gate(wrap(BEFORE), wrap(AFTER));
    expect(changes).toBe(0);
    expect(code).toBe(0);
  });
});

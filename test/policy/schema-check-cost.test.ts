/**
 * Issue 34, attack r8 R1: a data-only rule's `schema` check whose `anyOf` branches refer to the same
 * next level costs 2^depth in one call (30 levels: 38 s; 40: hours), where the run's work budget is
 * counted between calls, never inside one. The strict reader counts the schema with its `$ref`s
 * inlined and refuses a recursive one or one past MAX_SCHEMA_CHECK_NODES before anything runs.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-schema-cost-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));
const API = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'T', version: '1.0.0', 'x-deep': { a: { a: { a: {} } } } },
  paths: {},
});

let count = 0;
async function gated(schema: unknown) {
  const repo = join(top, `r${++count}`);
  mkdirSync(join(repo, '.git'), { recursive: true });
  writeFileSync(join(repo, 'api.json'), API);
  const rule = {
    severity: 'error',
    given: '$.info',
    then: { field: 'x-deep', function: 'schema', functionOptions: { schema } },
  };
  writeFileSync(join(repo, 'rules.json'), JSON.stringify({ rules: { 'deep-shape': rule } }));
  writeFileSync(join(repo, 'vottur.config.yaml'), 'extends:\n  - ./rules.json\n');
  const result = await votturInProcess(['lint', 'api.json', '--gate', '-f', 'json'], { cwd: repo });
  const findings = (JSON.parse(result.stdout) as { findings: Array<{ ruleId: string; message: string }> }).findings;
  return findings.filter((f) => f.ruleId === 'policy-extends-refused').map((f) => f.message);
}

/** Levels `n0` … `n<depth>`, each an anyOf of two branches that both refer to the next. */
function doubling(depth: number) {
  const definitions: Record<string, unknown> = { [`n${depth}`]: { type: 'object' } };
  for (let i = depth - 1; i >= 0; i--) {
    const next = { properties: { a: { $ref: `#/definitions/n${i + 1}` } } };
    definitions[`n${i}`] = { anyOf: [{ allOf: [next, { required: ['zz'] }] }, next] };
  }
  return { definitions, $ref: '#/definitions/n0' };
}

describe('a schema check whose work the ruleset does not bound is refused', () => {
  it('a recursive one (the attack`s), in one line naming the key', async () => {
    const n = { anyOf: [{ properties: { a: { $ref: '#/definitions/n' } } }, { required: ['zz'] }] };
    expect(await gated({ definitions: { n }, $ref: '#/definitions/n' })).toEqual([
      expect.stringMatching(
        /rules\.deep-shape\.then\.functionOptions\.schema.*refers back to itself through a `\$ref`/,
      ),
    ]);
  });

  it('a doubling one of 40 levels, counted without inlining it', async () => {
    expect(await gated(doubling(40))).toEqual([
      expect.stringMatching(
        /visits more than a billion schema nodes with its `\$ref`s inlined, over the bound of 20,000/,
      ),
    ]);
  });

  it('a doubling one of 8 levels is small enough, and runs', async () => {
    expect(await gated(doubling(8))).toEqual([]);
  });

  it('a doubling one under its own `$id`, where the count would look its `$ref`s up elsewhere than ajv (o34r9 R1)', async () => {
    const inner = doubling(32);
    expect(await gated({ properties: { x: { $id: 'inner', ...inner } } })).toEqual([
      expect.stringMatching(
        /functionOptions\.schema\.properties\.x\.\$id.*changes where the schema's `\$ref`s are looked up/,
      ),
    ]);
  });

  it('`uniqueItems`, quadratic inside one call (o34r9 R2)', async () => {
    expect(await gated({ type: 'array', uniqueItems: true })).toEqual([
      expect.stringMatching(/functionOptions\.schema\.uniqueItems.*compares every pair of an array's items/),
    ]);
  });

  it('a malformed `%` escape in a `$ref` is no crash (o34r9 C1): the run ends in findings', async () => {
    const messages = await gated({ definitions: { a: { type: 'object' } }, $ref: '#/definitions/%ZZ' });
    expect(Array.isArray(messages)).toBe(true);
  });
});

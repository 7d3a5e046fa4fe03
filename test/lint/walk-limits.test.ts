/**
 * Issue 34, "no silent limits": the rules' shared walks stop at bounds (a `$ref` chain past 64
 * hops, `allOf` nested past 64), and a stop was silence: a bare-array response body behind 70
 * `$ref`s linted clean, and `lint --gate` passed it. Every stop is now a `vottur-walk-limit` error at
 * the place the walk stopped (rulesets/lib/openapi/limits.ts, src/lint/engine.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { lintDocument } from '../../src/lint/lint.js';
import { WALK_LIMIT_META } from '../../src/lint/limits.js';
import type { Finding } from '../../src/report/finding.js';
import { votturInProcess } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-walk-limits-'));
mkdirSync(join(dir, '.git'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Link = 'bare' | 'allOf';

/** A response body reached through `length` links of the given kind, ending in a bare array. */
function bodyBehind(length: number, link: Link): string {
  const to = (i: number) => ({ $ref: `#/components/schemas/S${i + 1}` });
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < length; i++) schemas[`S${i}`] = link === 'bare' ? to(i) : { allOf: [to(i)] };
  schemas[`S${length}`] = { type: 'array', items: { type: 'string' } };
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'S', version: '1.0.0', description: 'x' },
    paths: {
      '/v1/things': {
        get: {
          operationId: 'p',
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } },
            },
          },
        },
      },
    },
    components: { schemas },
  });
}

async function lint(length: number, link: Link): Promise<Finding[]> {
  const file = join(dir, `${link}-${length}.json`);
  writeFileSync(file, bodyBehind(length, link));
  return (await lintDocument(file, { cwd: dir })).findings;
}

const rules = (findings: Finding[]) => new Set(findings.map((finding) => finding.ruleId));

describe('a walk that stops at its bound is a finding', () => {
  it('a bare array behind 70 `$ref`s: not judged, so a vottur-walk-limit error where the chain was cut, and the gate fails', async () => {
    writeFileSync(join(dir, 'chain.json'), bodyBehind(70, 'bare'));
    const result = await votturInProcess(['lint', 'chain.json', '--gate', '-f', 'json'], { cwd: dir });
    expect(result.code, result.stderr).toBe(1);
    const findings = (JSON.parse(result.stdout) as { findings: Finding[] }).findings;
    const limits = findings.filter((finding) => finding.ruleId === WALK_LIMIT_META.id);
    expect(limits).toHaveLength(1);
    expect(limits[0]).toMatchObject({ severity: 'error' });
    expect(limits[0]?.message).toBe(
      'vottur stopped reading the schemas here at its bound of a chain of more than 64 `$ref`s; what lies beyond is not checked, so the document does not pass. Flatten the nesting, or shorten the chain.',
    );
    expect(limits[0]?.path?.slice(0, 2)).toEqual(['components', 'schemas']);
  });

  it('`allOf` nested 70 deep: the walks stop, and say so', async () => {
    const findings = await lint(70, 'allOf');
    const messages = findings.filter((finding) => finding.ruleId === WALK_LIMIT_META.id).map((f) => f.message);
    // The rules read a body's one-branch wrappers (schemaLayers) and merge its `allOf`s (flatten): each walk says where it stopped.
    expect(messages).toContainEqual(
      expect.stringMatching(/bound of one-branch `allOf`\/`oneOf`\/`anyOf` wrappers nested more than 64 deep/),
    );
    expect(messages).toContainEqual(expect.stringMatching(/bound of `allOf` and `\$ref` nested more than 64 deep/));
  });

  it('within the bounds, the body is judged and no limit is reported', async () => {
    for (const link of ['bare', 'allOf'] as const) {
      const found = rules(await lint(60, link));
      expect(found).toContain('platform-no-bare-array');
      expect(found).not.toContain(WALK_LIMIT_META.id);
    }
  });

  it('for any chain: the bare array is reported, or the walk that could not reach it is; never neither (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Link>('bare', 'allOf'),
        fc.integer({ min: 1, max: 160 }),
        async (link, length) => {
          const found = rules(await lint(length, link));
          expect(found.has('platform-no-bare-array') || found.has(WALK_LIMIT_META.id)).toBe(true);
          // Short chains are read through: the limit fires only past its bound.
          if (length <= 60) expect(found).not.toContain(WALK_LIMIT_META.id);
        },
      ),
      { numRuns: 40, seed: 34_61 },
    );
  });
});

describe('the editor keeps the limit (incremental runs)', () => {
  it('an edit of a path item after a walk stopped at its bound lints the whole document again: the limit stays reported', async () => {
    const { IncrementalRuleRunner } = await import('../../src/lint/incremental.js');
    const { RULES } = await import('../../rulesets/rules/index.js');
    const document = JSON.parse(bodyBehind(70, 'bare')) as { paths: Record<string, unknown> };
    const runner = new IncrementalRuleRunner();
    const limits = (results: Array<{ code: string }>) => results.filter((r) => r.code === WALK_LIMIT_META.id).length;
    expect(limits(runner.run(RULES, structuredClone(document)))).toBe(1);
    // Another path item: before, a path-local run on the slice lost the run's own results.
    const edited = structuredClone(document);
    edited.paths['/v1/other'] = { get: { responses: { '200': { description: 'ok' } } } };
    expect(limits(runner.run(RULES, edited))).toBe(1);
    expect(runner.lastRun.mode).toBe('full');
  });
});

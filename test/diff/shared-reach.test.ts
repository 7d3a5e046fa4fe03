/**
 * Issue 34: a change to a shared component lists the operations it reaches, bounded. 2,000
 * operations sharing one changed schema listed every operation under every change (a report
 * growing as changes × operations, each listing built with a quadratic `includes`): the first
 * `MAX_LISTED_OPERATIONS` are listed and the rest counted, the count shown in every format, and
 * the verdict (acceptances by operation included) is the same with and without the bound.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { acceptedBy } from '../../src/diff/accept.js';
import { diffDescriptionsDetailed, MAX_LISTED_OPERATIONS, type AcceptEntry } from '../../src/diff/index.js';
import type { Finding } from '../../src/report/finding.js';
import { votturInProcess } from '../cli/run.js';

const work = mkdtempSync(join(tmpdir(), 'vottur-shared-reach-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `operations` GETs answering with one shared schema of `changed` properties; the revision turns each from a string into an integer. */
function pair(name: string, operations: number, changed: number): [string, string] {
  const files = (['string', 'integer'] as const).map((type, side) => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < changed; i++) properties[`p${i}`] = { type };
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < operations; i++)
      paths[`/v1/r${i}`] = {
        get: {
          operationId: `r${i}`,
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Shared' } } },
            },
          },
        },
      };
    const file = join(work, `${name}-${side ? 'revision' : 'base'}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Shared', version: '1.0.0' },
        paths,
        components: { schemas: { Shared: { type: 'object', properties } } },
      }),
    );
    return file;
  });
  return [files[0], files[1]];
}

const changes = (stdout: string) =>
  (JSON.parse(stdout) as { findings: Finding[] }).findings.filter((f) => f.changeClass !== undefined);

describe('the operations a shared change reaches (issue 34)', () => {
  it('over the CLI: the report grows linearly in operations; each change lists the first 100 and counts the rest', async () => {
    // Changes grow with operations (one per 20): unbounded, the JSON report grew as their product.
    const size = async (operations: number) => {
      const [base, revision] = pair(`n${operations}`, operations, operations / 20);
      const result = await votturInProcess(['diff', base, revision, '-f', 'json'], { cwd: work });
      expect(result.code).toBe(1);
      return { bytes: result.stdout.length, findings: changes(result.stdout) };
    };
    const small = await size(400);
    const large = await size(2000);
    expect(large.findings).toHaveLength(100);
    for (const finding of large.findings) {
      expect(finding.operations).toHaveLength(MAX_LISTED_OPERATIONS);
      expect(finding.operationsNotListed).toBe(2000 - MAX_LISTED_OPERATIONS);
    }
    // 5× the operations and 5× the changes: about 5× the report (25× before the bound).
    expect(large.bytes / small.bytes).toBeLessThan(7);
  });

  it('every format shows how many operations a change reaches and how many are not listed', async () => {
    const [base, revision] = pair('formats', 150, 1);
    for (const format of ['stylish', 'json', 'markdown', 'html', 'sarif', 'junit', 'github', 'gitlab']) {
      const result = await votturInProcess(['diff', base, revision, '-f', format], { cwd: work });
      expect(result.code, format).toBe(1);
      if (format === 'json') expect(changes(result.stdout)[0]?.operationsNotListed).toBe(50);
      else expect(result.stdout, format).toContain('reaches 150 operations; 50 not listed');
    }
  });

  it('the verdict and the breaking changes are the same with and without the bound, acceptances by operation included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 10 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 3 }),
        async (operations, changed, bound, accepting) => {
          const [base, revision] = pair(`p${operations}-${changed}`, operations, changed);
          // Accept the change to property p(a % changed) by the operation r(b % operations): past the bound or not.
          const bounded = await diffDescriptionsDetailed(base, revision, { maxListedOperations: bound, cwd: work });
          const rule = changes(JSON.stringify(bounded.report))[0]?.ruleId ?? 'diff-none';
          const accept: AcceptEntry[] = accepting.map(([a, b], i) => ({
            rule,
            operation: `GET /v1/r${b % operations}`,
            reason: `accepted ${i} ${a}`,
          }));
          const run = (maxListedOperations: number) =>
            diffDescriptionsDetailed(base, revision, { accept, maxListedOperations, cwd: work });
          const [limited, whole] = await Promise.all([run(bound), run(Number.POSITIVE_INFINITY)]);
          const breaking = (report: typeof whole.report) =>
            report.findings
              .filter((f) => f.changeClass === 'breaking' && !f.suppressions)
              .map((f) => `${f.ruleId} ${f.pointer}`)
              .sort();
          expect(limited.report.diff).toEqual(whole.report.diff);
          expect(limited.verdict).toEqual(whole.verdict);
          expect(breaking(limited.report)).toEqual(breaking(whole.report));
          const by = (result: typeof whole) =>
            acceptedBy(result.accepted, accept).map((a) => `${a.finding.pointer} ${a.by}`);
          expect(by(limited)).toEqual(by(whole));
        },
      ),
      { numRuns: 25, seed: 34_2 },
    );
  });
});

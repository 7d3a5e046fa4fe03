/**
 * Issue 34, B12: a finding's size never grows with the number of other findings. 4,000 operations
 * sharing one `operationId` gave each of their findings the fingerprints of all the others (a
 * 35 MB report for 1,000, out of memory for 4,000 in `lint --gate` and in the language server).
 * One mechanism: the places of a group are one shared array, the group's identity (the least of its
 * fingerprints) is computed once, and a finding keeps at most MAX_ALSO_FINGERPRINTS more.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { lintDocument } from '../../src/lint/lint.js';
import { MAX_ALSO_FINGERPRINTS } from '../../src/lint/limits.js';
import type { Finding } from '../../src/report/finding.js';
import { votturInProcess } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-group-bounds-'));
mkdirSync(join(dir, '.git'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `count` operations all with `operationId: same`, at paths in the order `order` gives. */
function duplicates(count: number, order: (i: number) => number = (i) => i): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < count; i++)
    paths[`/d${order(i)}`] = {
      get: { operationId: 'same', summary: 's', description: 'd', responses: { '200': { description: 'ok' } } },
    };
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'S', version: '1.0.0', description: 'x' }, paths });
}

const unique = (findings: Finding[]) => findings.filter((f) => f.ruleId === 'platform-operation-id-unique');

describe('a group of findings (B12)', () => {
  it('1,500 operations sharing one id: each finding is of bounded size, the gate still fails', async () => {
    writeFileSync(join(dir, 'dup.json'), duplicates(1500));
    const result = await votturInProcess(['lint', 'dup.json', '--gate', '-f', 'json'], { cwd: dir });
    expect(result.code).toBe(1);
    const findings = unique((JSON.parse(result.stdout) as { findings: Finding[] }).findings);
    expect(findings).toHaveLength(1499);
    for (const finding of findings)
      expect(finding.alsoFingerprints?.length ?? 0).toBeLessThanOrEqual(MAX_ALSO_FINGERPRINTS);
    // One identity for the group, whichever operation each finding is at. On main each finding held
    // 1,499 fingerprints: 52 MB of JSON here; now ~3 KB a finding.
    expect(new Set(findings.map((f) => f.fingerprint)).size).toBe(1);
    expect(result.stdout.length / findings.length).toBeLessThan(4_000);
  });

  it('a baseline written before the operations are reordered still holds every finding', async () => {
    writeFileSync(join(dir, 'order.json'), duplicates(300));
    await votturInProcess(['lint', 'order.json', '--update-baseline', '-f', 'json'], { cwd: dir });
    writeFileSync(
      join(dir, 'order.json'),
      duplicates(300, (i) => 299 - i),
    );
    const again = await votturInProcess(['lint', 'order.json', '--baseline', 'vottur-baseline.json', '-f', 'json'], {
      cwd: dir,
    });
    const report = JSON.parse(again.stdout) as { findings: Finding[]; baseline: { absent: unknown[] } };
    expect(unique(report.findings).filter((f) => f.baselineState !== 'unchanged')).toEqual([]);
    expect(report.baseline.absent).toEqual([]);
  });

  it('for any group size and order: the same identity, at most MAX_ALSO_FINGERPRINTS more', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 400 }), fc.integer({ min: 1, max: 997 }), async (count, stride) => {
        // Distinct path numbers in a shuffled order (1009 is prime, so i * stride differs for every i < 1009).
        const file = join(dir, `p${count}-${stride}.json`);
        writeFileSync(
          file,
          duplicates(count, (i) => (i * stride) % 1009),
        );
        const findings = unique((await lintDocument(file, { cwd: dir })).findings);
        expect(findings).toHaveLength(count - 1);
        const identities = new Set(findings.map((f) => f.fingerprint));
        expect(identities.size).toBe(1);
        for (const finding of findings) {
          expect(finding.alsoFingerprints?.length ?? 0).toBeLessThanOrEqual(MAX_ALSO_FINGERPRINTS);
          expect(JSON.stringify(finding).length).toBeLessThan(3_000);
        }
        // The identity does not depend on the order: the same as for the operations in path order.
        const sorted = join(dir, `s${count}-${stride}.json`);
        const descending = [...Array(count).keys()].map((k) => (k * stride) % 1009).sort((a, b) => b - a);
        writeFileSync(
          sorted,
          duplicates(count, (i) => descending[i] ?? i),
        );
        const other = unique((await lintDocument(sorted, { cwd: dir })).findings);
        expect(new Set(other.map((f) => f.fingerprint))).toEqual(identities);
      }),
      { numRuns: 12, seed: 34_12 },
    );
  });
});

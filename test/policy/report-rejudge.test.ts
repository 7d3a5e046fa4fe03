/**
 * `vottur report` under a policy judges a saved report's held-back findings again, whatever their
 * source (issue 34, attack r6 S01): a saved report whose findings were marked baselined
 * (`baselineState: "unchanged"`) with no configuration record, or whose findings were made diff
 * changes carrying `suppressions`, passed `report --gate` with "No problems found", 12 errors held
 * back and no `policy-…` finding. Now a hold counts unless the saved record shows it given and
 * honoured and the policy allows it; even a policy that allows every hold (`*`) does not honour a
 * hold the record does not show.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-rejudge-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, '.git'));
writeFileSync(
  join(dir, 'api.yaml'),
  'openapi: 3.0.3\ninfo: {title: T, version: 1.0.0}\npaths:\n  /v1/items:\n    get:\n      responses:\n        "200": {description: ok}\n',
);
// A policy that lets the repository hold back anything: only the saved record can still refuse.
writeFileSync(
  join(dir, 'permissive.yaml'),
  "suppressions: {rules: ['*']}\naccept: {rules: ['*']}\nbaseline: {rules: ['*']}\n",
);

interface Saved {
  findings: Array<{
    ruleId: string;
    source: string;
    severity: string;
    suppressions?: Array<{ kind: string; justification: string }>;
    baselineState?: string;
  }>;
  configuration?: { suppressions: unknown[]; baseline?: unknown; accepted: unknown[] };
}

const read = (name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as Saved;
const save = (name: string, report: Saved) => writeFileSync(join(dir, name), JSON.stringify(report));
const held = (report: Saved) =>
  report.findings.filter((f) => (f.suppressions?.length ?? 0) > 0 || f.baselineState === 'unchanged');

let errors = 0;
beforeAll(async () => {
  const saved = await votturInProcess(['lint', 'api.yaml', '--no-config', '-f', 'json', '-o', 'saved.json'], {
    cwd: dir,
  });
  expect(saved.code, saved.stderr).toBe(1);
  const report = read('saved.json');
  errors = report.findings.filter((f) => f.severity === 'error').length;
  expect(errors).toBeGreaterThan(0);
  const baselined = structuredClone(report);
  for (const f of baselined.findings) f.baselineState = 'unchanged';
  const noRecord = structuredClone(baselined);
  delete noRecord.configuration;
  save('baselined-no-record.json', noRecord);
  save('baselined-no-baseline.json', baselined);
  const accepted = structuredClone(report);
  for (const f of accepted.findings) {
    f.source = 'diff';
    f.suppressions = [{ kind: 'inSource', justification: 'ok' }];
  }
  save('diff-suppressed.json', accepted);
  const suppressed = structuredClone(report);
  for (const f of suppressed.findings) f.suppressions = [{ kind: 'inSource', justification: 'ok' }];
  save('lint-suppressed-unrecorded.json', suppressed);
  // A genuine hold: the operator's baseline, recorded by the run that applied it.
  await votturInProcess(['lint', 'api.yaml', '--no-config', '--update-baseline', '--baseline', 'base.json'], {
    cwd: dir,
  });
  const genuine = await votturInProcess(
    ['lint', 'api.yaml', '--no-config', '--baseline', 'base.json', '-f', 'json', '-o', 'genuine.json'],
    { cwd: dir },
  );
  expect(genuine.code, genuine.stderr).toBe(0);
});

describe('vottur report under a policy: held-back findings the saved record does not show count', () => {
  it.each([
    ['baselined, no configuration record', 'baselined-no-record.json', 'policy-baseline-refused'],
    ['baselined, a record with no baseline', 'baselined-no-baseline.json', 'policy-baseline-refused'],
    ['diff changes carrying suppressions', 'diff-suppressed.json', 'policy-accept-refused'],
    ['lint suppressions the record does not list', 'lint-suppressed-unrecorded.json', 'policy-suppression-refused'],
  ])('%s: every hold counts under --gate and under a policy allowing every hold', async (_name, file, refusal) => {
    expect(held(read(file)).length).toBeGreaterThan(0);
    for (const policy of [['--gate'], ['--policy', 'permissive.yaml']]) {
      const result = await votturInProcess(['report', file, ...policy, '-f', 'json'], { cwd: dir });
      expect(result.code, `${policy.join(' ')}: ${result.stderr}`).toBe(1);
      const report = JSON.parse(result.stdout) as Saved;
      expect(held(report)).toEqual([]);
      expect(report.findings.filter((f) => f.ruleId === refusal).length).toBeGreaterThan(0);
      const stylish = await votturInProcess(['report', file, ...policy], { cwd: dir });
      expect(stylish.stdout).not.toMatch(/No problems found/);
      expect(stylish.stdout).toMatch(new RegExp(`${errors + 1} errors?|${refusal}`));
    }
  });

  it('a baseline the saved record shows, under a policy that allows it, still holds back', async () => {
    expect(held(read('genuine.json')).length).toBeGreaterThan(0);
    const allowed = await votturInProcess(['report', 'genuine.json', '--policy', 'permissive.yaml', '-f', 'json'], {
      cwd: dir,
    });
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(JSON.parse(allowed.stdout).findings.some((f: { ruleId: string }) => f.ruleId.startsWith('policy-'))).toBe(
      false,
    );
    // The built-in policy lets no baseline it did not see given hold back anything.
    const gated = await votturInProcess(['report', 'genuine.json', '--gate'], { cwd: dir });
    expect(gated.code).toBe(1);
  });
});

/**
 * The run's own statements that it could not judge (`vottur-walk-limit`, `vottur-ruleset-limit`,
 * `vottur-findings-limit`, `vottur-rule-failed`, `vottur-unreadable`) are held back by nothing,
 * with or without a policy (attack o34r7 L02): a repository's baseline of the walk-limit findings
 * under docs/gate.md's example policy (`baseline.rules: ['*']`), or a root `x-vottur-ignore` under
 * `suppressions.rules: ['*']`, made a bare array behind 70 wrappers pass with exit 0.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, votturInProcess } from '../cli/run.js';
import { RUN_OWN_RULE_IDS } from '../../src/lint/limits.js';
import { ruleCatalogue } from '../../src/run/rule-catalogue.js';

const root = mkdtempSync(join(tmpdir(), 'vottur-run-own-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A bare-array 200 body behind 70 one-branch `allOf` wrappers: past the walk's bound. */
function description(ignoreAtRoot: boolean): string {
  const doc = parse(readFileSync(join(ROOT, 'fixtures/conformant/catalogue-api.yaml'), 'utf8'));
  const media = doc.paths['/v1/invoices'].get.responses['200'].content['application/json'];
  let schema: unknown = { description: 'Invoices.', type: 'array', items: { $ref: '#/components/schemas/Invoice' } };
  for (let i = 0; i < 70; i++) schema = { allOf: [schema] };
  media.schema = schema;
  media.example = [media.example.data[0]];
  if (ignoreAtRoot) doc['x-vottur-ignore'] = { 'vottur-walk-limit': 'Generated; reviewed.' };
  return JSON.stringify(doc, null, 1);
}

let count = 0;
function repository(ignoreAtRoot: boolean): string {
  const dir = join(root, `r${count++}`);
  mkdirSync(join(dir, '.git'), { recursive: true });
  writeFileSync(join(dir, 'api.json'), description(ignoreAtRoot));
  return dir;
}

interface Json {
  findings: Array<{ ruleId: string; suppressions?: unknown[]; baselineState?: string }>;
}
const limits = (stdout: string) =>
  (JSON.parse(stdout) as Json).findings.filter((f) => f.ruleId === 'vottur-walk-limit');

describe('the run’s own statements that it could not judge are held back by nothing (o34r7 L02)', () => {
  it('the list is the catalogue’s not-configurable run rules', async () => {
    const run = (await ruleCatalogue()).filter((rule) => !rule.configurable && !rule.id.startsWith('policy-'));
    expect(run.map((rule) => rule.id).sort()).toEqual([...RUN_OWN_RULE_IDS].sort());
  });

  it('a baseline of the walk-limit findings holds none back, under baseline.rules [*] or without a policy', async () => {
    const dir = repository(false);
    await votturInProcess(['lint', 'api.json', '--baseline', 'bl.json', '--update-baseline'], { cwd: dir });
    const expires = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const baseline = JSON.parse(readFileSync(join(dir, 'bl.json'), 'utf8')) as { entries: Array<object> };
    // Entries written by hand for the limit (vottur does not write them): they still hold nothing.
    baseline.entries.push({
      rule: 'vottur-walk-limit',
      document: 'api',
      pointer: '',
      fingerprint: 'x',
      expires,
    });
    for (const entry of baseline.entries) Object.assign(entry, { expires });
    writeFileSync(join(dir, 'bl.json'), JSON.stringify(baseline));
    writeFileSync(join(dir, 'vottur.config.yaml'), 'baseline: bl.json\n');
    writeFileSync(join(dir, 'policy.yaml'), "baseline:\n  rules: ['*']\n  maxExpiryDays: 90\n");
    for (const policy of [['--policy', 'policy.yaml'], []]) {
      const result = await votturInProcess(['lint', 'api.json', ...policy, '-f', 'json'], { cwd: dir });
      expect(result.code, policy.join(' ')).toBe(1);
      const found = limits(result.stdout);
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((f) => f.baselineState !== 'unchanged')).toBe(true);
    }
    // Nor in a saved report judged again, whatever the saved record claims.
    await votturInProcess(['lint', 'api.json', '-f', 'json', '-o', 'saved.json'], { cwd: dir });
    const saved = JSON.parse(readFileSync(join(dir, 'saved.json'), 'utf8')) as Json;
    for (const f of saved.findings) f.baselineState = 'unchanged';
    writeFileSync(join(dir, 'saved.json'), JSON.stringify(saved));
    const judged = await votturInProcess(['report', 'saved.json', '--policy', 'policy.yaml', '-f', 'json'], {
      cwd: dir,
    });
    expect(judged.code).toBe(1);
    expect(limits(judged.stdout).every((f) => f.baselineState === 'new')).toBe(true);
  });

  it('a root x-vottur-ignore of the limit holds none back, under suppressions.rules [*] or without a policy', async () => {
    const dir = repository(true);
    writeFileSync(join(dir, 'policy.yaml'), "suppressions:\n  rules: ['*']\n");
    for (const policy of [['--policy', 'policy.yaml'], []]) {
      const result = await votturInProcess(['lint', 'api.json', ...policy, '-f', 'json'], { cwd: dir });
      expect(result.code, policy.join(' ')).toBe(1);
      const found = limits(result.stdout);
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((f) => !f.suppressions)).toBe(true);
      expect(result.stdout).toMatch(/run's own statement that it could not judge/);
    }
  });
});

/**
 * A baseline entry holds back only a finding of the rule it names (attack o34r15 B1): the policy
 * judges an entry by its `rule` (`baseline.rules`), so an entry labelled with an allowed rule but
 * carrying another rule's fingerprint held that other rule's finding back — a failing gated run
 * passed ("✔ … 100/100", exit 0) while the record said an allowed rule's entry was honoured.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, votturInProcess } from '../cli/run.js';

const root = mkdtempSync(join(tmpdir(), 'vottur-entry-rule-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Saved {
  findings: Array<{ ruleId: string; severity: string; fingerprint?: string; baselineState?: string }>;
}

/** The conformant catalogue description with a bare-array 200 body (`platform-no-bare-array`, an error). */
function description(): string {
  const doc = parse(readFileSync(join(ROOT, 'fixtures/conformant/catalogue-api.yaml'), 'utf8'));
  const media = doc.paths['/v1/invoices'].get.responses['200'].content['application/json'];
  media.schema = { description: 'Invoices.', type: 'array', items: { $ref: '#/components/schemas/Invoice' } };
  media.example = [media.example.data[0]];
  return JSON.stringify(doc, null, 1);
}

let count = 0;
/** A repository whose baseline holds one entry for the bare-array finding, labelled `label`. */
async function repository(label: string): Promise<string> {
  const dir = join(root, `r${count++}`);
  mkdirSync(join(dir, '.git'), { recursive: true });
  writeFileSync(join(dir, 'api.json'), description());
  const first = await votturInProcess(['lint', 'api.json', '-f', 'json'], { cwd: dir });
  const finding = (JSON.parse(first.stdout) as Saved).findings.find((f) => f.ruleId === 'platform-no-bare-array');
  expect(finding?.fingerprint).toBeDefined();
  const entry = {
    document: 'api',
    rule: label,
    pointer: '/info',
    fingerprint: finding?.fingerprint,
    count: 1,
    message: 'tracked in API-142',
    expires: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
  };
  writeFileSync(join(dir, 'team-baseline.json'), JSON.stringify({ vottur: 'baseline', version: 1, entries: [entry] }));
  writeFileSync(join(dir, 'vottur.config.yaml'), 'baseline: team-baseline.json\n');
  return dir;
}

/** The operator's policy, outside the repository, admitting entries of `rule` only. */
function policy(rule: string): string {
  const dir = join(root, `policy${count++}`);
  mkdirSync(dir);
  writeFileSync(join(dir, 'policy.yaml'), `baseline:\n  rules: [${rule}]\n  maxExpiryDays: 90\n`);
  return join(dir, 'policy.yaml');
}

async function lint(dir: string, extra: string[] = []) {
  const result = await votturInProcess(['lint', 'api.json', '-f', 'json', ...extra], { cwd: dir });
  const report = JSON.parse(result.stdout) as Saved;
  const bare = report.findings.filter((f) => f.ruleId === 'platform-no-bare-array');
  return { code: result.code, stderr: result.stderr, states: bare.map((f) => f.baselineState) };
}

describe('a baseline entry holds back only a finding of the rule it names (o34r15 B1)', () => {
  it('under a policy admitting the label’s rule, an entry carrying another rule’s fingerprint holds nothing back', async () => {
    const dir = await repository('platform-pagination');
    const run = await lint(dir, ['--policy', policy('platform-pagination')]);
    expect(run.states).toEqual(['new']);
    expect(run.code, run.stderr).toBe(1);
  });

  it('without a policy, the mislabelled entry holds nothing back either (and is listed as absent)', async () => {
    const dir = await repository('platform-pagination');
    const result = await votturInProcess(['lint', 'api.json', '-f', 'json'], { cwd: dir });
    const report = JSON.parse(result.stdout) as Saved & { baseline?: { absent: Array<{ rule: string }> } };
    expect(report.findings.find((f) => f.ruleId === 'platform-no-bare-array')?.baselineState).toBe('new');
    expect(report.baseline?.absent.map((a) => a.rule)).toEqual(['platform-pagination']);
    expect(result.code).toBe(1);
  });

  it('an entry naming the finding’s own rule, admitted by the policy, still holds it back', async () => {
    const dir = await repository('platform-no-bare-array');
    const run = await lint(dir, ['--policy', policy('platform-no-bare-array')]);
    expect(run.states).toEqual(['unchanged']);
    expect(run.code, run.stderr).toBe(0);
  });
});

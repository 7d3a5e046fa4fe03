/**
 * A saved report judged again under a policy goes through the judgement a live run under that
 * policy makes of the same configuration (attack o34r7): the verdict of `vottur report saved.json
 * --gate` equals `vottur lint --gate`'s on the same description and configuration.
 *
 * - S01: a rule the repository's configuration lowered (`warn`, `info`) or turned `off` kept that
 *   level in `report --gate` (exit 0; `lint --gate` exit 1): `rejudgeSaved` copied the saved
 *   record's `rules` and never judged them.
 * - S02: under `baseline.maxExpiryDays`, `report --policy` honoured entries the same policy refuses
 *   in a live run (no `expires`), and one honoured entry of a rule held back every finding of it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, votturInProcess } from '../cli/run.js';

const root = mkdtempSync(join(tmpdir(), 'vottur-rejudge-live-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Saved {
  findings: Array<{ ruleId: string; severity: string; baselineState?: string }>;
  configuration?: { rules: Array<{ rule: string; honoured: boolean }> };
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
function repository(config?: string): string {
  const dir = join(root, `r${count++}`);
  mkdirSync(join(dir, '.git'), { recursive: true });
  writeFileSync(join(dir, 'api.json'), description());
  if (config !== undefined) writeFileSync(join(dir, 'vottur.config.yaml'), config);
  return dir;
}

const errorsOf = (report: Saved) => report.findings.filter((f) => f.severity === 'error').length;

async function run(args: string[], cwd: string): Promise<{ code: number | null; report: Saved; stderr: string }> {
  const result = await votturInProcess([...args, '-f', 'json'], { cwd });
  return { code: result.code, report: JSON.parse(result.stdout) as Saved, stderr: result.stderr };
}

describe('report --gate on a saved report: the levels judged as lint --gate judges them (o34r7 S01)', () => {
  it.each([
    ['lowered to warn', 'rules:\n  platform-no-bare-array: warn\n'],
    ['lowered to info', 'rules:\n  platform-no-bare-array: info\n'],
    ['lowered in an override', "overrides:\n  - files: ['*.json']\n    rules:\n      platform-no-bare-array: hint\n"],
    ['turned off', 'rules:\n  platform-no-bare-array: off\n'],
    ['raised (applied by both)', 'rules:\n  platform-info-x-links: error\n'],
    ['no configuration', undefined],
  ])('%s: same exit code and error count', async (_name, config) => {
    const dir = repository(config);
    const live = await run(['lint', 'api.json', '--gate'], dir);
    const saved = await votturInProcess(['lint', 'api.json', '-f', 'json', '-o', 'saved.json'], { cwd: dir });
    expect(saved.stderr).not.toMatch(/unexpected/);
    const judged = await run(['report', 'saved.json', '--gate'], dir);
    expect(live.code, live.stderr).toBe(1);
    expect(judged.code, judged.stderr).toBe(live.code);
    expect(errorsOf(judged.report)).toBe(errorsOf(live.report));
    const refusals = (report: Saved) => report.findings.filter((f) => f.ruleId === 'policy-level-refused').length;
    expect(refusals(judged.report)).toBe(refusals(live.report));
    expect(judged.report.configuration?.rules.map((r) => r.honoured)).toEqual(
      live.report.configuration?.rules.map((r) => r.honoured),
    );
  });

  it('a lowered finding gets its rule’s severity back; a refused off counts at the rule’s level', async () => {
    const lowered = repository('rules:\n  platform-no-bare-array: warn\n');
    await votturInProcess(['lint', 'api.json', '-f', 'json', '-o', 'saved.json'], { cwd: lowered });
    const judged = await run(['report', 'saved.json', '--gate'], lowered);
    expect(judged.report.findings.filter((f) => f.ruleId === 'platform-no-bare-array').map((f) => f.severity)).toEqual([
      'error',
    ]);
    const off = repository('rules:\n  platform-no-bare-array: off\n');
    await votturInProcess(['lint', 'api.json', '-f', 'json', '-o', 'saved.json'], { cwd: off });
    const offJudged = await run(['report', 'saved.json', '--gate'], off);
    expect(offJudged.report.findings.filter((f) => f.ruleId === 'policy-level-refused')).toEqual([
      expect.objectContaining({ severity: 'error', message: expect.stringMatching(/did not run there/) }),
    ]);
    // A policy that lets the repository lower the rule honours the saved level, as lint does.
    writeFileSync(join(lowered, 'lower.yaml'), "rules:\n  mayLower: ['platform-no-bare-array']\n");
    const allowed = await run(['report', 'saved.json', '--policy', 'lower.yaml'], lowered);
    const live = await run(['lint', 'api.json', '--policy', 'lower.yaml'], lowered);
    expect(allowed.code).toBe(live.code);
    expect(allowed.code).toBe(0);
  });
});

describe('report --policy on a saved report: baseline entries judged as a live run judges them (o34r7 S02)', () => {
  const policy = "baseline:\n  rules: ['*']\n  maxExpiryDays: 90\n";
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  async function baselined(expires: string | undefined): Promise<string> {
    const dir = repository();
    await votturInProcess(['lint', 'api.json', '--baseline', 'bl.json', '--update-baseline'], { cwd: dir });
    const baseline = JSON.parse(readFileSync(join(dir, 'bl.json'), 'utf8')) as { entries: Array<{ expires?: string }> };
    for (const entry of baseline.entries) if (expires !== undefined) entry.expires = expires;
    writeFileSync(join(dir, 'bl.json'), JSON.stringify(baseline, null, 2));
    writeFileSync(join(dir, 'vottur.config.yaml'), 'baseline: bl.json\n');
    writeFileSync(join(dir, 'policy.yaml'), policy);
    await votturInProcess(['lint', 'api.json', '-f', 'json', '-o', 'saved.json'], { cwd: dir });
    return dir;
  }

  it.each([
    ['no expiry', undefined, 1],
    ['an expiry too far ahead', inDays(400), 1],
    ['an expiry within the policy', inDays(30), 0],
  ])('entries with %s: same exit code and error count as lint --policy', async (_name, expires, code) => {
    const dir = await baselined(expires);
    const live = await run(['lint', 'api.json', '--policy', 'policy.yaml'], dir);
    const judged = await run(['report', 'saved.json', '--policy', 'policy.yaml'], dir);
    expect(live.code, live.stderr).toBe(code);
    expect(judged.code, judged.stderr).toBe(live.code);
    expect(errorsOf(judged.report)).toBe(errorsOf(live.report));
    const refused = (report: Saved) => report.findings.some((f) => f.ruleId === 'policy-baseline-refused');
    expect(refused(judged.report)).toBe(refused(live.report));
  });

  it('an honoured entry holds back the finding it matched, not every finding of its rule', async () => {
    const dir = await baselined(inDays(30));
    const saved = JSON.parse(readFileSync(join(dir, 'saved.json'), 'utf8')) as Saved;
    // Every finding marked baselined: only the one the record's entry matched is held back.
    for (const finding of saved.findings) finding.baselineState = 'unchanged';
    saved.findings.push({
      ...saved.findings.find((f) => f.ruleId === 'platform-no-bare-array')!,
      pointer: '/x',
    } as never);
    (saved.findings.at(-1) as unknown as { fingerprint: string }).fingerprint = 'platform-no-bare-array:another';
    writeFileSync(join(dir, 'forged.json'), JSON.stringify(saved));
    const judged = await run(['report', 'forged.json', '--policy', 'policy.yaml'], dir);
    expect(judged.code).toBe(1);
    expect(
      judged.report.findings.filter((f) => f.ruleId === 'platform-no-bare-array').map((f) => f.baselineState),
    ).toEqual(expect.arrayContaining(['unchanged', 'new']));
  });
});

/**
 * `vottur report saved.json --gate` judges the whole of a saved report's configuration record by
 * the judgements a live run makes (attack o34r8):
 *
 * - F1: a saved finding of one of the run's own rules (`vottur-walk-limit`) at a forged `hint`
 *   passed `report --gate`; without a policy `vottur report` honoured a saved suppression or
 *   baseline hold of it. It takes its rule's own severity and no hold, with or without a policy.
 * - S3: the record's `extends` was copied unjudged: a saved run that extended `./rules.js` passed
 *   `report --gate` (exit 0) where `lint --gate` refuses the module (exit 1).
 * - S2: the record's contract `settings` were never judged (`contract.maxResponseTime: 120000`
 *   passed), and the judged record dropped `settings` and `vocabulary`.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, votturInProcess } from '../cli/run.js';

const root = mkdtempSync(join(tmpdir(), 'vottur-rejudge-record-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Json {
  findings: Array<{
    ruleId: string;
    severity: string;
    message: string;
    suppressions?: unknown[];
    baselineState?: string;
  }>;
  configuration?: {
    extends: Array<{ ruleset: string; honoured: boolean }>;
    settings?: Array<{ key: string; value: string | number; file: string; honoured: boolean }>;
    vocabulary?: Array<{ key: string; value: string; file: string }>;
  };
}

/** The conformant catalogue description; with `wrapped`, a bare-array body behind 70 `allOf` wrappers (a walk limit). */
function description(wrapped: boolean): string {
  const doc = parse(readFileSync(join(ROOT, 'fixtures/conformant/catalogue-api.yaml'), 'utf8'));
  if (wrapped) {
    const media = doc.paths['/v1/invoices'].get.responses['200'].content['application/json'];
    let schema: unknown = { description: 'Invoices.', type: 'array', items: { $ref: '#/components/schemas/Invoice' } };
    for (let i = 0; i < 70; i++) schema = { allOf: [schema] };
    media.schema = schema;
    media.example = [media.example.data[0]];
  }
  return JSON.stringify(doc, null, 1);
}

let count = 0;
function repository(wrapped: boolean, files: Record<string, string> = {}): string {
  const dir = join(root, `r${count++}`);
  mkdirSync(join(dir, '.git'), { recursive: true });
  writeFileSync(join(dir, 'api.json'), description(wrapped));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const read = (dir: string, name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as Json;
const write = (dir: string, name: string, report: Json) => writeFileSync(join(dir, name), JSON.stringify(report));

async function run(args: string[], cwd: string): Promise<{ code: number | null; report: Json; stderr: string }> {
  const result = await votturInProcess([...args, '-f', 'json'], { cwd });
  return { code: result.code, report: JSON.parse(result.stdout) as Json, stderr: result.stderr };
}

const ofRule = (report: Json, rule: string) => report.findings.filter((f) => f.ruleId === rule);

describe('a saved finding of the run’s own rules takes its rule’s level and no hold (o34r8 F1)', () => {
  it('a forged hint of vottur-walk-limit counts as an error under --gate, as lint --gate counts it', async () => {
    const dir = repository(true);
    const live = await run(['lint', 'api.json', '--gate'], dir);
    expect(live.code).toBe(1);
    await votturInProcess(['lint', 'api.json', '-f', 'json', '-o', 'saved.json'], { cwd: dir });
    const saved = read(dir, 'saved.json');
    const limits = ofRule(saved, 'vottur-walk-limit');
    expect(limits.length).toBeGreaterThan(0);
    for (const finding of limits) finding.severity = 'hint';
    write(dir, 'hint.json', saved);
    for (const policy of [['--gate'], []]) {
      const judged = await run(['report', 'hint.json', ...policy], dir);
      expect(judged.code, policy.join(' ')).toBe(1);
      expect(ofRule(judged.report, 'vottur-walk-limit').map((f) => f.severity)).toEqual(limits.map(() => 'error'));
    }
  });

  it.each([
    ['suppressed', (f: Json['findings'][number]) => (f.suppressions = [{ kind: 'inSource', justification: 'x' }])],
    ['baselined', (f: Json['findings'][number]) => (f.baselineState = 'unchanged')],
  ])('without a policy, a saved hold (%s) of vottur-walk-limit holds nothing back', async (_name, hold) => {
    const dir = repository(true);
    await votturInProcess(['lint', 'api.json', '-f', 'json', '-o', 'saved.json'], { cwd: dir });
    const saved = read(dir, 'saved.json');
    for (const finding of ofRule(saved, 'vottur-walk-limit')) hold(finding);
    write(dir, 'held.json', saved);
    const judged = await run(['report', 'held.json'], dir);
    expect(judged.code).toBe(1);
    const limits = ofRule(judged.report, 'vottur-walk-limit');
    expect(limits.length).toBeGreaterThan(0);
    expect(limits.every((f) => !f.suppressions && f.baselineState !== 'unchanged')).toBe(true);
  });
});

describe('the saved record’s extends are judged as the live loader judges them (o34r8 S3)', () => {
  it('a JavaScript ruleset: report --gate refuses it as lint --gate does', async () => {
    const dir = repository(false, {
      'rules.js': 'module.exports = { rules: {} };\n',
      'vottur.config.yaml': 'extends:\n  - ./rules.js\n',
    });
    const live = await run(['lint', 'api.json', '--gate'], dir);
    expect(live.code).toBe(1);
    expect(ofRule(live.report, 'policy-extends-refused')).toHaveLength(1);
    const saved = await votturInProcess(['lint', 'api.json', '-f', 'json', '-o', 'saved.json'], { cwd: dir });
    expect(saved.code).toBe(0);
    const judged = await run(['report', 'saved.json', '--gate'], dir);
    expect(judged.code, judged.stderr).toBe(1);
    const refused = ofRule(judged.report, 'policy-extends-refused');
    expect(refused.map((f) => [f.severity, f.message])).toEqual([
      ['error', expect.stringMatching(/`extends: \.\/rules\.js`.*is not a \.json, \.yaml or \.yml file/)],
    ]);
    expect(judged.report.configuration?.extends).toEqual([
      expect.objectContaining({ ruleset: './rules.js', honoured: false }),
    ]);
  });

  it.each([
    [
      'a package the policy does not list',
      'house-rules',
      /names the package house-rules, which the policy does not list/,
    ],
    ['a data ruleset the policy would load', './house.yaml', /a claim vottur cannot verify from a saved report/],
  ])('%s counts as refused; a built-in ruleset stands', async (_name, entry, why) => {
    const dir = repository(false, {
      'house.yaml': 'rules: {}\n',
      'vottur.config.yaml': 'extends:\n  - spectral:oas\n  - ./house.yaml\n',
    });
    await votturInProcess(['lint', 'api.json', '-f', 'json', '-o', 'saved.json'], { cwd: dir });
    const saved = read(dir, 'saved.json');
    const extended = saved.configuration!.extends;
    expect(extended.map((e) => e.ruleset)).toEqual(['spectral:oas', './house.yaml']);
    // The second entry as the saved record names it (a package: as a run that could load it would record it).
    extended[1].ruleset = entry;
    // Whatever the saved record claims of it.
    for (const item of extended) item.honoured = true;
    write(dir, 'saved.json', saved);
    const judged = await run(['report', 'saved.json', '--gate'], dir);
    expect(judged.code, judged.stderr).toBe(1);
    expect(ofRule(judged.report, 'policy-extends-refused').map((f) => f.message)).toEqual([expect.stringMatching(why)]);
    expect(judged.report.configuration?.extends).toEqual([
      expect.objectContaining({ ruleset: 'spectral:oas', honoured: true }),
      expect.objectContaining({ ruleset: entry, honoured: false }),
    ]);
    // Without a policy the saved report is re-rendered as it was.
    expect((await run(['report', 'saved.json'], dir)).code).toBe(0);
  });
});

describe('the saved record’s settings are judged as test --gate judges them, and every list is kept (o34r8 S2)', () => {
  const config = 'vocabulary:\n  collectionPageMembers: [stuff]\ncontract:\n  maxResponseTime: 120000\n';
  const withSetting = (dir: string) => {
    const saved = read(dir, 'saved.json');
    // The item a real `vottur test` run without a policy records for contract.maxResponseTime.
    saved.configuration!.settings = [
      { key: 'maxResponseTime', value: 120000, file: 'vottur.config.yaml', honoured: true },
    ];
    write(dir, 'saved.json', saved);
  };

  it('a setting the policy does not list is policy-setting-refused, listed not honoured; the vocabulary stays listed', async () => {
    const dir = repository(false, { 'vottur.config.yaml': config });
    await votturInProcess(['lint', 'api.json', '-f', 'json', '-o', 'saved.json'], { cwd: dir });
    withSetting(dir);
    const judged = await run(['report', 'saved.json', '--gate'], dir);
    expect(judged.code, judged.stderr).toBe(1);
    expect(ofRule(judged.report, 'policy-setting-refused').map((f) => [f.severity, f.message])).toEqual([
      ['error', expect.stringMatching(/`contract\.maxResponseTime: 120000` in vottur\.config\.yaml is refused/)],
    ]);
    expect(judged.report.configuration?.settings).toEqual([
      { key: 'maxResponseTime', value: 120000, file: 'vottur.config.yaml', honoured: false },
    ]);
    expect(judged.report.configuration?.vocabulary).toEqual([
      { key: 'collectionPageMembers', value: '[stuff]', file: 'vottur.config.yaml' },
    ]);
  });

  it('a setting the policy lists stays honoured, with no finding', async () => {
    const dir = repository(false, {
      'vottur.config.yaml': config,
      'policy.yaml': 'contract:\n  settings: [maxResponseTime]\n',
    });
    await votturInProcess(['lint', 'api.json', '-f', 'json', '-o', 'saved.json'], { cwd: dir });
    withSetting(dir);
    const judged = await run(['report', 'saved.json', '--policy', 'policy.yaml'], dir);
    expect(judged.code, judged.stderr).toBe(0);
    expect(ofRule(judged.report, 'policy-setting-refused')).toEqual([]);
    expect(judged.report.configuration?.settings).toEqual([
      { key: 'maxResponseTime', value: 120000, file: 'vottur.config.yaml', honoured: true },
    ]);
  });
});

/**
 * Every report shows what changed its verdict: a gated run over a repository that re-levels
 * rules, extends a JavaScript ruleset, suppresses findings and names its own baseline, written in
 * every format at once, and each file read back by a real parser or validator for its format
 * (ajv and the report schema, the SARIF multitool, fast-xml-parser, marked, Chromium).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { marked, type Tokens } from 'marked';
import { HAS_CHROMIUM, launchChromium } from '../browser.js';
import { QUICK } from '../suites.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, votturInProcess } from '../cli/run.js';
import { reportValidator } from '../../src/report/schema.js';
import { MULTITOOL, problems, validate as validateSarif } from '../report/sarif-validator.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-gate-reports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
const read = (name: string) => readFileSync(join(dir, name), 'utf8');

const FORMATS = ['json', 'sarif', 'junit', 'markdown', 'html', 'github', 'stylish'] as const;
const file = (format: string) => `report.${format}`;
let exitCode: number | null;

beforeAll(async () => {
  mkdirSync(join(dir, '.git'));
  const text = readFileSync(join(ROOT, 'fixtures/rules/platform-no-404/fail.yaml'), 'utf8');
  write(
    'api.yaml',
    `${text.trimEnd()}\nx-vottur-ignore:\n  platform-content-type: Bodies arrive in v2 (ticket API-7).\n`,
  );
  write('rules.js', 'module.exports = { rules: {} };\n');
  // A baseline of the platform-info-* findings, named by the configuration.
  expect(
    (
      await votturInProcess(
        ['lint', 'api.yaml', '--no-config', '--update-baseline', '--baseline', 'team-baseline.json'],
        {
          cwd: dir,
        },
      )
    ).code,
  ).toBe(0);
  write(
    'vottur.config.yaml',
    'extends: [./rules.js]\nbaseline: team-baseline.json\nrules:\n  platform-no-404: off\n  platform-get-204: error\n',
  );
  const args = ['lint', 'api.yaml', '--gate', '--min-score', '90'];
  for (const format of FORMATS) args.push('-f', format, '-o', file(format));
  const result = await votturInProcess(args, { cwd: dir });
  exitCode = result.code;
}, 120_000);

describe('a gated run, every format written at once', () => {
  it('fails', () => {
    expect(exitCode).toBe(1);
  });

  it('JSON: the configuration member, valid against the report schema, names every refused thing; the absolute score beside the score', () => {
    const report = JSON.parse(read(file('json')));
    expect(reportValidator()(report), JSON.stringify(reportValidator().errors)).toBe(true);
    const { configuration } = report;
    expect(configuration.policy).toEqual({ name: 'gate' });
    expect(configuration.files.map((f: { path: string; kind: string }) => `${f.kind} ${f.path}`).sort()).toEqual([
      'baseline team-baseline.json',
      'config vottur.config.yaml',
    ]);
    expect(configuration.files[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(configuration.rules).toEqual([
      { rule: 'platform-no-404', level: 'off', file: 'vottur.config.yaml', honoured: false },
      { rule: 'platform-get-204', level: 'error', file: 'vottur.config.yaml', honoured: true },
    ]);
    expect(configuration.extends).toEqual([{ ruleset: './rules.js', file: 'vottur.config.yaml', honoured: false }]);
    expect(configuration.suppressions.length).toBeGreaterThan(0);
    expect(configuration.suppressions[0]).toMatchObject({
      rule: 'platform-content-type',
      reason: 'Bodies arrive in v2 (ticket API-7).',
      honoured: false,
    });
    expect(configuration.baseline.given).toBe('configuration');
    expect(configuration.baseline.entries.every((e: { honoured: boolean }) => !e.honoured)).toBe(true);
    expect(report.absoluteScore.score).toBe(report.score.score);
    const policyRules = new Set(
      report.findings.map((f: { ruleId: string }) => f.ruleId).filter((id: string) => id.startsWith('policy-')),
    );
    expect([...policyRules].sort()).toEqual([
      'policy-baseline-refused',
      'policy-extends-refused',
      'policy-level-refused',
      'policy-suppression-refused',
    ]);
  });

  it.skipIf(!MULTITOOL)(
    'SARIF: valid by the SARIF multitool; the invocation lists the configuration as toolConfigurationNotifications',
    // The .NET validator's start alone took 41 s with both cores busy.
    { timeout: 180_000 },
    () => {
      const text = read(file('sarif'));
      expect(problems(validateSarif(text))).toEqual([]);
      const sarif = JSON.parse(text);
      const invocation = sarif.runs[0].invocations[0];
      const notes = invocation.toolConfigurationNotifications.map((n: { message: { text: string } }) => n.message.text);
      expect(notes).toEqual(
        expect.arrayContaining([
          'platform-no-404 set to off by vottur.config.yaml (refused by the policy: it counts)',
          'Ruleset ./rules.js extended by vottur.config.yaml (refused by the policy: not loaded)',
        ]),
      );
      expect(
        notes.some((n: string) =>
          /^platform-content-type suppressed at api\.yaml#.*: "Bodies arrive in v2 \(ticket API-7\)\." \(refused/.test(
            n,
          ),
        ),
      ).toBe(true);
      // Only what the policy let the configuration do overrides a rule's configuration.
      expect(invocation.ruleConfigurationOverrides.map((o: { descriptor: { id: string } }) => o.descriptor.id)).toEqual(
        ['platform-get-204'],
      );
      expect(sarif.runs[0].properties.absoluteScore).toBe(sarif.runs[0].properties.score);
    },
  );

  it('JUnit: well-formed XML, the configuration and the absolute score as properties', () => {
    const text = read(file('junit'));
    expect(XMLValidator.validate(text)).toBe(true);
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => ['testsuite', 'property'].includes(name),
    }).parse(text);
    const properties = parsed.testsuites.testsuite[0].properties.property as Array<{ name: string; value: string }>;
    const values = (name: string) => properties.filter((p) => p.name === name).map((p) => p.value);
    expect(values('vottur.configuration.policy')).toEqual(['Policy: the built-in gate policy (--gate)']);
    expect(values('vottur.configuration.rule')).toContain(
      'platform-no-404 set to off by vottur.config.yaml (refused by the policy: it counts)',
    );
    expect(values('vottur.configuration.extends')).toEqual([
      'Ruleset ./rules.js extended by vottur.config.yaml (refused by the policy: not loaded)',
    ]);
    expect(values('vottur.configuration.baseline')[0]).toMatch(
      /^Baseline team-baseline\.json \(given on the configuration\)/,
    );
  });

  it('Markdown: a "What this score does not count" section, read back by marked', () => {
    const tokens = marked.lexer(read(file('markdown')));
    const index = tokens.findIndex(
      (t) => t.type === 'heading' && (t as Tokens.Heading).text === 'What this score does not count',
    );
    expect(index).toBeGreaterThan(0);
    const list = tokens.slice(index).find((t) => t.type === 'list') as Tokens.List;
    const items = list.items.map((item) => item.text.replace(/\\(.)/g, '$1'));
    expect(items).toEqual(
      expect.arrayContaining([
        'Policy: the built-in gate policy (--gate)',
        'platform-no-404 set to off by vottur.config.yaml (refused by the policy: it counts)',
      ]),
    );
  });

  it('GitHub: a summary line names the configuration, and it starts no workflow command', () => {
    const lines = read(file('github')).trimEnd().split('\n');
    const summary = lines.find((line) => line.startsWith('vottur: Configuration:'))!;
    expect(summary).toMatch(
      /policy gate \(--gate\); read vottur\.config\.yaml \(sha256 [0-9a-f]{12}\), team-baseline\.json \(sha256 [0-9a-f]{12}\); 2 rules turned off or re-levelled \(1 refused by the policy\); 1 ruleset extended \(1 refused by the policy\); \d+ suppressions \(\d+ refused by the policy\); baseline team-baseline\.json: \d+ findings? matched \d+ entr(?:y|ies) \(\d+ refused by the policy\)\./,
    );
  });

  it('stylish: the same line under the findings', () => {
    expect(read(file('stylish'))).toMatch(/\nConfiguration: policy gate \(--gate\); read vottur\.config\.yaml/);
  });

  it.skipIf(!HAS_CHROMIUM || QUICK)(
    'HTML: in a browser, the section lists every item, refused ones marked',
    { timeout: 60_000 },
    async () => {
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        await page.goto(pathToFileURL(join(dir, file('html'))).href);
        expect(await page.textContent('#configuration h2')).toBe('What this score does not count');
        const refused = await page.$$eval('#configuration-items li[data-honoured="false"]', (items) =>
          items.map((item) => item.textContent),
        );
        expect(refused).toEqual(
          expect.arrayContaining([
            'platform-no-404 set to off by vottur.config.yaml (refused by the policy: it counts)',
            'Ruleset ./rules.js extended by vottur.config.yaml (refused by the policy: not loaded)',
          ]),
        );
      } finally {
        await browser.close();
      }
    },
  );
});

describe('without a policy, the same repository', () => {
  it("keeps its verdict, and every format still shows what changed it: the absolute score beside the gate's", async () => {
    const args = ['lint', 'api.yaml'];
    for (const format of ['json', 'github', 'markdown'] as const) args.push('-f', format, '-o', `own.${format}`);
    const result = await votturInProcess(args, { cwd: dir });
    // The JavaScript ruleset is loaded (the developer's own), the baseline and suppressions hold.
    expect(result.code).toBe(0);
    const report = JSON.parse(read('own.json'));
    expect(report.configuration.extends).toEqual([
      { ruleset: './rules.js', file: 'vottur.config.yaml', honoured: true },
    ]);
    expect(report.absoluteScore.score).toBeLessThan(report.score.score);
    expect(read('own.github')).toMatch(
      new RegExp(
        `vottur: Score ${report.score.score}/100 \\(.\\) \\(absolute score ${report.absoluteScore.score}/100 \\(.\\) with every held-back finding counted\\)`,
      ),
    );
    expect(read('own.markdown')).toContain(`Absolute score ${report.absoluteScore.score}/100`);
  });
});

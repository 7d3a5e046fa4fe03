/**
 * vottur.config.yaml's `vocabulary:` and `extends:`, over the built CLI: a team's
 * own words reach the rules (in this thread and in the worker pool), the Spectral rulesets it
 * extends run beside vottur's with their own ids and their ruleset named, finding for finding as
 * the stock Spectral CLI reports them, and Spectral's core is loaded only then.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, vottur, votturInProcess, votturWhereItRuns } from '../cli/run.js';
import { reportValidator } from '../../src/report/schema.js';
import { MULTITOOL, problems, validate as validateSarif } from '../report/sarif-validator.js';
import { QUICK, QUICK_SKIP_REASON } from '../suites.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-vocabulary-'));
mkdirSync(join(dir, '.git'));
copyFileSync(join(ROOT, 'fixtures/config/vocabulary/api.yaml'), join(dir, 'api.yaml'));
copyFileSync(join(ROOT, 'fixtures/rules/platform-no-404/fail.yaml'), join(dir, 'no-404.yaml'));
copyFileSync(join(ROOT, 'assets/reference/user-profile.openapi.yaml'), join(dir, 'reference.yaml'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface JsonFinding {
  ruleId: string;
  severity: string;
  document: string;
  pointer: string;
  path: Array<string | number>;
  message: string;
  ruleset?: string;
}
interface Json {
  findings: JsonFinding[];
  rules: Array<{ id: string; ruleset?: string }>;
}
const config = (text: string) => writeFileSync(join(dir, 'vottur.config.yaml'), text);
const lintJson = async (...args: string[]) => {
  const result = await votturWhereItRuns(['lint', ...args, '-f', 'json'], { cwd: dir });
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout) as Json;
};
const messages = (report: Json, rule: string) => report.findings.filter((f) => f.ruleId === rule).map((f) => f.message);

/** The stock Spectral CLI's findings for a ruleset file, as `rule path` lines. */
function stockSpectral(ruleset: string, document: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        join(ROOT, 'node_modules/@stoplight/spectral-cli/dist/index.js'),
        'lint',
        '-r',
        ruleset,
        document,
        '-f',
        'json',
        '-q',
      ],
      { cwd: dir },
    );
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('error', reject);
    child.on('close', () => {
      try {
        resolve(
          (JSON.parse(stdout) as Array<{ code: string; path: string[] }>)
            .map((r) => `${r.code} ${r.path.join('/')}`)
            .sort(),
        );
      } catch (error) {
        reject(new Error(`stock Spectral gave no JSON: ${stdout.slice(0, 200)} (${(error as Error).message})`));
      }
    });
  });
}

describe('vocabulary: a team adds its own words to the judgement lists', () => {
  it('national identifier names, Icelandic owners and custom-method verbs reach the rules; without them the names pass (or keep the Icelandic owner word)', async () => {
    config('');
    const before = await lintJson('api.yaml');
    // An owner word the list does not know is kept as it is; the configuration's translation replaces it.
    expect(messages(before, 'platform-national-id-name')).toEqual([
      'Property `kennitalaLeigjanda` holds a national identifier; name it `leigjandaNationalId`.',
    ]);
    expect(messages(before, 'platform-http-method-semantics')).toEqual([]);
    config(
      [
        'vocabulary:',
        '  nationalIdAliases: [idNumber]',
        '  nationalIdOwners: { leigjanda: tenant }',
        '  customMethodVerbs: [Recalculate]',
        '',
      ].join('\n'),
    );
    const after = await lintJson('api.yaml');
    expect(messages(after, 'platform-national-id-name')).toEqual([
      'Property `kennitalaLeigjanda` holds a national identifier; name it `tenantNationalId`.',
      'Property `idNumber` holds a national identifier; name it `nationalId`.',
    ]);
    expect(messages(after, 'platform-http-method-semantics')).toEqual([
      expect.stringMatching(
        /^`GET \/v1\/leases\/\{leaseId\}\/recalculate` is a custom method \(`recalculate` is an action\)/,
      ),
    ]);
  });

  it("is one document's: in a run over two documents with different configurations, each sees only its own words", async () => {
    const other = join(dir, 'other');
    mkdirSync(other, { recursive: true });
    copyFileSync(join(dir, 'api.yaml'), join(other, 'api.yaml'));
    writeFileSync(join(other, 'vottur.config.yaml'), 'rules: {}\n');
    config('vocabulary:\n  nationalIdAliases: [idNumber]\n');
    try {
      // Both orders, in this thread and in the worker pool: the words never leak into the other document.
      for (const args of [
        ['api.yaml', 'other/api.yaml'],
        ['other/api.yaml', 'api.yaml'],
        ['api.yaml', 'other/api.yaml', '--jobs', '2'],
      ]) {
        const report = await lintJson(...args);
        const named = report.findings
          .filter((f) => f.ruleId === 'platform-national-id-name' && f.message.includes('`idNumber`'))
          .map((f) => f.document);
        expect(named, args.join(' ')).toEqual(['api.yaml']);
      }
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('refuses a key that is not a list, in one line and exit 2', async () => {
    config('vocabulary:\n  verbs: [recalculate]\n');
    const result = await votturInProcess(['lint', 'api.yaml'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^vottur: vottur\.config\.yaml: `vocabulary\.verbs` is not a configuration key vottur knows/,
    );
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});

// Each test runs the vottur and the stock Spectral CLIs, several times: slow on a busy machine, not a speed check.
describe("extends: Spectral rulesets beside vottur's", { timeout: 120_000 }, () => {
  // The stock Spectral CLI is an external tool (test/suites.ts): `npm run test:quick` leaves its comparison out, visibly.
  const stock = QUICK ? `; the comparison with stock Spectral ${QUICK_SKIP_REASON}` : '';
  it(`runs spectral:oas with its own rule ids and ruleset named, exactly the findings stock Spectral reports, on a document with $refs too${stock}`, async () => {
    config('extends: [spectral:oas]\n');
    writeFileSync(join(dir, 'oas.spectral.yaml'), 'extends: [spectral:oas]\n');
    for (const document of ['no-404.yaml', 'reference.yaml']) {
      const report = await lintJson(document);
      const extended = report.findings.filter((f) => f.ruleset !== undefined);
      expect(
        extended.every((f) => f.ruleset === 'spectral:oas' && !f.ruleId.startsWith('platform-')),
        document,
      ).toBe(true);
      // vottur's own rules still run beside them.
      expect(report.findings.length - extended.length, document).toBe(
        (await lintJson(document, '--no-config')).findings.length,
      );
      if (!QUICK)
        expect(extended.map((f) => `${f.ruleId} ${f.path.join('/')}`).sort(), document).toEqual(
          await stockSpectral('oas.spectral.yaml', document),
        );
      expect(report.rules.filter((rule) => rule.ruleset === 'spectral:oas').length, document).toBeGreaterThan(20);
    }
    // The JSON report with extended rules is a valid vottur report; SARIF names the ruleset of each rule and passes Microsoft's validator.
    const json = JSON.parse(
      (await votturInProcess(['lint', 'no-404.yaml', '-f', 'json'], { cwd: dir })).stdout,
    ) as unknown;
    const validate = reportValidator();
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    const sarifText = (await votturInProcess(['lint', 'no-404.yaml', '-f', 'sarif'], { cwd: dir })).stdout;
    const sarif = JSON.parse(sarifText) as {
      runs: Array<{ tool: { driver: { rules: Array<{ id: string; properties: { ruleset?: string } }> } } }>;
    };
    expect(sarif.runs[0].tool.driver.rules.find((rule) => rule.id === 'operation-tags')?.properties.ruleset).toBe(
      'spectral:oas',
    );
    expect(
      sarif.runs[0].tool.driver.rules.find((rule) => rule.id === 'platform-no-404')?.properties.ruleset,
    ).toBeUndefined();
    if (MULTITOOL) expect(problems(validateSarif(sarifText))).toEqual([]);
  });

  it('takes a ruleset file with its own rules and severities; the configuration sets the level of an extended rule too', async () => {
    writeFileSync(
      join(dir, 'house.yaml'),
      [
        'rules:',
        '  house-info-team:',
        '    description: Every description names its team.',
        '    message: Name the team in info.x-team.',
        '    severity: warn',
        '    given: $.info',
        '    then: { field: x-team, function: truthy }',
        '',
      ].join('\n'),
    );
    config(['extends: [./house.yaml, [spectral:oas, off]]', 'rules:', '  operation-tags: error', ''].join('\n'));
    const report = await lintJson('no-404.yaml');
    expect(report.findings.filter((f) => f.ruleset === './house.yaml')).toEqual([
      expect.objectContaining({
        ruleId: 'house-info-team',
        severity: 'warn',
        pointer: '/info',
        message: 'Name the team in info.x-team.',
      }),
    ]);
    // `[spectral:oas, off]` runs none of its rules unless the configuration turns one on...
    expect(report.findings.filter((f) => f.ruleset === 'spectral:oas')).toEqual([]);
    config(
      ['extends: [./house.yaml, spectral:oas]', 'rules:', '  operation-tags: error', '  house-info-team: off', ''].join(
        '\n',
      ),
    );
    const levelled = await lintJson('no-404.yaml');
    // ...and `rules:` gives an extended rule its level, or turns it off, as for vottur's own.
    expect(levelled.findings.filter((f) => f.ruleId === 'operation-tags').map((f) => f.severity)).toEqual([
      'error',
      'error',
    ]);
    expect(levelled.findings.some((f) => f.ruleId === 'house-info-team')).toBe(false);
    // An npm package (CommonJS here), resolved from the configuration's folder as Spectral resolves it.
    mkdirSync(join(dir, 'node_modules/house-ruleset'), { recursive: true });
    writeFileSync(
      join(dir, 'node_modules/house-ruleset/package.json'),
      '{ "name": "house-ruleset", "version": "1.0.0", "main": "index.js" }\n',
    );
    writeFileSync(
      join(dir, 'node_modules/house-ruleset/index.js'),
      "const { truthy } = require('@stoplight/spectral-functions');\nmodule.exports = { rules: { 'house-operation-summary': { given: '$.paths[*][get,delete]', severity: 'info', message: 'Give a summary.', then: { field: 'summary', function: truthy } } } };\n",
    );
    config('extends: [house-ruleset]\n');
    const packaged = await lintJson('no-404.yaml');
    expect(
      packaged.findings
        .filter((f) => f.ruleset === 'house-ruleset')
        .map((f) => `${f.ruleId} ${f.severity} ${f.pointer}`)
        .sort(),
    ).toEqual([
      'house-operation-summary info /paths/~1v1~1users~1{userId}/delete',
      'house-operation-summary info /paths/~1v1~1users~1{userId}/get',
    ]);
    config(
      ['extends: [./house.yaml, spectral:oas]', 'rules:', '  operation-tags: error', '  house-info-team: off', ''].join(
        '\n',
      ),
    );
    // In the worker pool alike.
    const pooled = await lintJson('no-404.yaml', 'reference.yaml', '--jobs', '2');
    expect(
      pooled.findings
        .filter((f) => f.ruleId === 'operation-tags' && f.document === 'no-404.yaml')
        .map((f) => f.severity),
    ).toEqual(['error', 'error']);
    expect(pooled.rules.some((rule) => rule.id === 'operation-tags' && rule.ruleset === 'spectral:oas')).toBe(true);
  });

  it('a ruleset that cannot be read, or a URL, is one line and exit 2', async () => {
    for (const [entry, expected] of [
      ['./missing.yaml', /^vottur: `extends: \.\/missing\.yaml` in .*vottur\.config\.yaml cannot be loaded: /],
      [
        'https://example.com/ruleset.yaml',
        /^vottur: `extends: https:\/\/example\.com\/ruleset\.yaml` in .*vottur\.config\.yaml: vottur does not fetch rulesets/,
      ],
      [
        '@example/no-such-ruleset',
        /^vottur: `extends: @example\/no-such-ruleset` in vottur\.config\.yaml cannot be loaded: no package @example\/no-such-ruleset is installed for \.; install it/,
      ],
    ] as const) {
      config(`extends: ['${entry}']\n`);
      for (const args of [['no-404.yaml'], ['no-404.yaml', 'reference.yaml', '--jobs', '2']]) {
        const result = await votturWhereItRuns(['lint', ...args], { cwd: dir });
        expect(result.code, `${entry} ${args.join(' ')}`).toBe(2);
        expect(result.stderr, entry).toMatch(expected);
        expect(result.stderr.trim().split('\n'), entry).toHaveLength(1);
        expect(result.stdout, entry).toBe('');
      }
    }
  });

  it("Spectral's core is loaded only when the configuration extends a ruleset", async () => {
    const imported = async () => {
      const log = join(dir, `imports-${Date.now()}.txt`);
      // A child process: what a fresh process imports is the subject.
      const result = await vottur(['lint', 'no-404.yaml'], {
        cwd: dir,
        env: {
          NODE_OPTIONS: `--import=${pathToFileURL(join(ROOT, 'test/cli/fixtures/record-imports.mjs')).href}`,
          VOTTUR_IMPORT_LOG: log,
        },
      });
      expect(result.code).toBe(1);
      const urls = readFileSync(log, 'utf8').split('\n');
      expect(urls.some((url) => url.endsWith('/cli/main.js'))).toBe(true);
      return urls.filter((url) => url.includes('/@stoplight/spectral-'));
    };
    config('rules: {}\n');
    expect(await imported()).toEqual([]);
    config('extends: [spectral:oas]\n');
    expect((await imported()).some((url) => url.includes('/@stoplight/spectral-core/'))).toBe(true);
  });
});

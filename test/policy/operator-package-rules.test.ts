/**
 * A package the policy extends is the operator's (issue 34, attack o34r12 B1, B2, B14): the gated
 * repository may extend it, but it may not turn its rules off (`extends: [[pkg, off]]`, directly or
 * through its own files), set their levels in a ruleset file or an override, or define a rule of
 * the same name; and a package committed in the repository is never taken for the operator's, even
 * when the operator's policy folder (with its own `.git`) sits inside that repository.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, votturInProcess } from '../cli/run.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-operator-rules-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));

/** The operator's side: a policy that lets repositories extend `house-rules`, installed beside it. */
const operator = join(top, 'operator');
const HOUSE_RULE =
  "rules:\n  house-title-prefix:\n    given: $.info.title\n    severity: error\n    message: the title starts with Island\n    then: { function: pattern, functionOptions: { match: '^Island' } }\n";
function write(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}
write(join(operator, 'policy.yaml'), 'extends:\n  packages: [house-rules]\n');
write(
  join(operator, 'node_modules/house-rules/package.json'),
  JSON.stringify({ name: 'house-rules', version: '1.0.0', main: 'ruleset.yaml' }),
);
write(join(operator, 'node_modules/house-rules/ruleset.yaml'), HOUSE_RULE);

interface JsonReport {
  findings: Array<{ ruleId: string; message: string }>;
  gate?: { passed: boolean };
}

/** A gated repository: a conformant description whose title does not start with "Island", and `files`. */
function repository(name: string, files: Record<string, string>): string {
  const dir = join(top, name);
  mkdirSync(join(dir, '.git'), { recursive: true });
  writeFileSync(join(dir, 'api.yaml'), readFileSync(join(ROOT, 'fixtures/conformant/catalogue-api.yaml')));
  for (const [file, text] of Object.entries(files)) write(join(dir, file), text);
  return dir;
}

async function gated(dir: string, policy = join(operator, 'policy.yaml')): Promise<JsonReport> {
  const result = await votturInProcess(['lint', join(dir, 'api.yaml'), '--policy', policy, '-f', 'json'], {
    cwd: dir,
    timeoutMs: 45_000,
  });
  return JSON.parse(result.stdout) as JsonReport;
}

const ids = (report: JsonReport) => report.findings.map((finding) => finding.ruleId);

const NEUTERED =
  'rules:\n  house-title-prefix:\n    given: $.nothing.here\n    severity: error\n    message: neutered\n    then: { function: truthy }\n';

describe("the operator's package rules keep their level and definition", () => {
  it('extending the package runs its rule: the description fails it', async () => {
    const report = await gated(repository('plain', { 'vottur.config.yaml': 'extends: [house-rules]\n' }));
    expect(ids(report)).toEqual(['house-title-prefix']);
    expect(report.gate?.passed).toBe(false);
  });

  it.each([
    [
      'B1: the configuration extends it off',
      { 'vottur.config.yaml': 'extends: [[house-rules, "off"]]\n' },
      /extends it `off`/,
    ],
    [
      'a file of the repository extends it off',
      {
        'vottur.config.yaml': 'extends: [./mine.yaml]\n',
        'mine.yaml': 'extends: [[house-rules, "off"]]\n',
      },
      /mine\.yaml: `extends\.0` extends it `off`/,
    ],
    [
      'the configuration extends off a file that extends it',
      {
        'vottur.config.yaml': 'extends: [[./mine.yaml, "off"]]\n',
        'mine.yaml': 'extends: [house-rules]\n',
      },
      /extends it `off`/,
    ],
    [
      'B2: a ruleset file sets its level off',
      {
        'vottur.config.yaml': 'extends: [./mine.yaml]\n',
        'mine.yaml': "extends: [house-rules]\nrules:\n  house-title-prefix: 'off'\n",
      },
      /mine\.yaml: `rules\.house-title-prefix` sets or defines `house-title-prefix`, a rule of the package house-rules/,
    ],
    [
      'B2: an override sets it off everywhere',
      {
        'vottur.config.yaml': 'extends: [./mine.yaml]\n',
        'mine.yaml':
          "extends: [house-rules]\noverrides:\n  - files: ['**']\n    rules:\n      house-title-prefix: 'off'\n",
      },
      /`overrides\.0\.rules\.house-title-prefix` sets or defines/,
    ],
    [
      'B2: a ruleset file redefines it to match nothing',
      { 'vottur.config.yaml': 'extends: [./mine.yaml]\n', 'mine.yaml': `extends: [house-rules]\n${NEUTERED}` },
      /`rules\.house-title-prefix` sets or defines/,
    ],
    [
      'a rule of the same name in a file read before the package',
      { 'vottur.config.yaml': 'extends: [./mine.yaml, house-rules]\n', 'mine.yaml': NEUTERED },
      /`rules\.house-title-prefix` sets or defines/,
    ],
  ])('%s: refused, and the gate fails', async (_name, files, why) => {
    const report = await gated(repository(_name.replace(/\W+/g, '-'), files));
    const refusals = report.findings.filter((finding) => finding.ruleId === 'policy-extends-refused');
    expect(refusals.map((finding) => finding.message).join('\n')).toMatch(why);
    expect(report.gate?.passed).toBe(false);
  });

  it("a rule of the same name is the repository's own when the package is not extended", async () => {
    const own =
      'rules:\n  house-title-prefix:\n    given: $.info.title\n    severity: warn\n    message: the team rule\n    then: { function: falsy }\n';
    const report = await gated(
      repository('own', { 'vottur.config.yaml': 'extends: [./mine.yaml]\n', 'mine.yaml': own }),
    );
    expect(report.findings.map((finding) => [finding.ruleId, finding.message])).toEqual([
      ['house-title-prefix', 'the team rule'],
    ]);
  });

  it("B14: a policy folder with its own .git inside the repository does not make a committed package the operator's", async () => {
    const dir = repository('nested-policy', {
      'vottur.config.yaml': 'extends: [house-rules]\n',
      'node_modules/house-rules/package.json': JSON.stringify({ name: 'house-rules', main: 'ruleset.yaml' }),
      'node_modules/house-rules/ruleset.yaml': 'rules: {}\n',
      '.gate/policy.yaml': 'extends:\n  packages: [house-rules]\n',
    });
    mkdirSync(join(dir, '.gate/.git'));
    const result = await votturInProcess(['lint', '../api.yaml', '--policy', 'policy.yaml', '-f', 'json'], {
      cwd: join(dir, '.gate'),
      timeoutMs: 45_000,
    });
    const report = JSON.parse(result.stdout) as JsonReport;
    expect(report.findings.map((finding) => finding.message).join('\n')).toMatch(
      /resolves to .*nested-policy\/node_modules\/house-rules\/ruleset\.yaml, inside the repository under check/,
    );
    expect(result.code).toBe(1);
  });

  it("o34r13 N3: without a .git, a package installed for a folder that holds the configuration is not the operator's", async () => {
    const dir = join(top, 'no-git');
    write(join(dir, 'api/api.yaml'), readFileSync(join(ROOT, 'fixtures/conformant/catalogue-api.yaml'), 'utf8'));
    write(join(dir, 'api/vottur.config.yaml'), 'extends: [house-rules]\n');
    write(join(dir, 'node_modules/house-rules/package.json'), JSON.stringify({ name: 'house-rules', main: 'r.yaml' }));
    write(join(dir, 'node_modules/house-rules/r.yaml'), 'rules: {}\n');
    write(join(dir, '.gate/policy.yaml'), 'extends:\n  packages: [house-rules]\n');
    const result = await votturInProcess(['lint', '../api/api.yaml', '--policy', 'policy.yaml', '-f', 'json'], {
      cwd: join(dir, '.gate'),
      timeoutMs: 45_000,
    });
    const report = JSON.parse(result.stdout) as JsonReport;
    expect(report.findings.map((finding) => finding.message).join('\n')).toMatch(
      /resolves to .*no-git\/node_modules\/house-rules\/r\.yaml, installed for .*no-git, which holds the configuration under check/,
    );
    expect(result.code).toBe(1);
  });
});

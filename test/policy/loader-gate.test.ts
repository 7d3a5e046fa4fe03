/**
 * Issue 34, Why 1–7, 14 and 16, over the built CLI as a gated team would try them: each of these
 * ran the repository's code (or hung the run) under `--gate` while a separate check said the
 * ruleset was "allowed" and Spectral's loader read it differently. Now one loader reads every
 * ruleset as data; each payload here writes a sentinel file in the test's own folder, which must
 * never appear, and each refusal is a `policy-extends-refused` finding naming the file and the key.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, votturInProcess } from '../cli/run.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-loader-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));

interface JsonReport {
  findings: Array<{ ruleId: string; message: string; severity: string }>;
  configuration?: {
    files: Array<{ path: string; kind: string; sha256: string }>;
    extends: Array<{ ruleset: string; honoured: boolean }>;
  };
}

/** A repository of its own (a `.git` folder, a description that fails a platform rule) for one attack. */
function repository(name: string, files: Record<string, string>): { dir: string; sentinel: string } {
  const dir = join(top, name);
  mkdirSync(join(dir, '.git'), { recursive: true });
  writeFileSync(join(dir, 'bad.yaml'), readFileSync(join(ROOT, 'fixtures/rules/platform-no-404/fail.yaml')));
  const sentinel = join(dir, 'SENTINEL');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text.replaceAll('@SENTINEL@', sentinel));
  }
  return { dir, sentinel };
}

/** JavaScript that writes the sentinel when it runs (CommonJS, as Spectral's loader runs it). */
const PAYLOAD = "require('node:fs').writeFileSync('@SENTINEL@', 'ran');\nmodule.exports = { rules: {} };\n";
/** A function for `functions:` that writes the sentinel. */
const FUNCTION_PAYLOAD = "require('node:fs').writeFileSync('@SENTINEL@', 'ran');\nmodule.exports = () => [];\n";

async function gate(dir: string, args: string[] = []): Promise<{ code: number | null; report: JsonReport }> {
  const result = await votturInProcess(['lint', 'bad.yaml', '--gate', '-f', 'json', ...args], {
    cwd: dir,
    timeoutMs: 45_000,
  });
  let report: JsonReport;
  try {
    report = JSON.parse(result.stdout) as JsonReport;
  } catch {
    throw new Error(`no JSON report (exit ${result.code}): ${result.stdout.slice(0, 300)} ${result.stderr}`);
  }
  return { code: result.code, report };
}

const refusals = (report: JsonReport) =>
  report.findings.filter((finding) => finding.ruleId === 'policy-extends-refused').map((finding) => finding.message);

describe('issue 34: under --gate no ruleset runs code', () => {
  it('Why 1: a JSONPath filter in `given` (nimma would compile it to JavaScript) is refused, naming the key', async () => {
    const { dir, sentinel } = repository('why1', {
      'filter.yaml': [
        'rules:',
        '  sneaky:',
        `    given: "$[?(@.constructor.constructor('process.getBuiltinModule(\\"fs\\").writeFileSync(\\"@SENTINEL@\\", \\"ran\\")')())]"`,
        '    then: { function: truthy }',
        '',
      ].join('\n'),
      'vottur.config.yaml': 'extends: [./filter.yaml]\n',
    });
    const { code, report } = await gate(dir);
    expect(existsSync(sentinel)).toBe(false);
    expect(code).toBe(1);
    expect(refusals(report)).toEqual([expect.stringContaining('filter.yaml: `rules.sneaky.given` contains `?`')]);
  });

  it('Why 2: JavaScript in a file named .txt, without an extension, or .JS is never run as a module', async () => {
    const { dir, sentinel } = repository('why2', {
      'rules.txt': PAYLOAD,
      rules: PAYLOAD,
      'rules.JS': PAYLOAD,
      'vottur.config.yaml': 'extends: [./rules.txt, ./rules, ./rules.JS]\n',
    });
    const { code, report } = await gate(dir);
    expect(existsSync(sentinel)).toBe(false);
    expect(code).toBe(1);
    const messages = refusals(report);
    expect(messages).toHaveLength(3);
    for (const name of ['rules.txt', 'rules', 'rules.JS'])
      expect(messages.join('\n')).toContain(`\`extends: ./${name}\` is not a .json, .yaml or .yml file`);
  });

  it('Why 3: `functions` brought in by a YAML merge key is refused (the merge key itself)', async () => {
    const { dir, sentinel } = repository('why3', {
      'functions/evil.js': FUNCTION_PAYLOAD,
      'merge.yaml': [
        'x-base: &code',
        '  functions: [evil]',
        '<<: *code',
        'rules:',
        '  house:',
        '    given: $',
        '    then: { function: evil }',
        '',
      ].join('\n'),
      'vottur.config.yaml': 'extends: [./merge.yaml]\n',
    });
    const { code, report } = await gate(dir);
    expect(existsSync(sentinel)).toBe(false);
    expect(code).toBe(1);
    expect(refusals(report)).toEqual([expect.stringContaining('merge.yaml uses a YAML merge key (`<<`, line 3')]);
  });

  it('Why 4: a ruleset with `functions` and a duplicate key is refused, not read as "allowed"', async () => {
    const { dir, sentinel } = repository('why4', {
      'functions/evil.js': FUNCTION_PAYLOAD,
      'dup.yaml': 'functions: [evil]\nrules:\n  house:\n    given: $\n    then: { function: evil }\nrules: {}\n',
      'vottur.config.yaml': 'extends: [./dup.yaml]\n',
    });
    const { code, report } = await gate(dir);
    expect(existsSync(sentinel)).toBe(false);
    expect(code).toBe(1);
    expect(refusals(report)).toEqual([expect.stringContaining('dup.yaml has a duplicate key (line 6, column 1)')]);
  });

  it('Why 5: a JSON ruleset with a comment and `functions` is refused', async () => {
    const { dir, sentinel } = repository('why5', {
      'functions/evil.js': FUNCTION_PAYLOAD,
      'comment.json':
        '{\n  // a comment\n  "functions": ["evil"],\n  "rules": { "house": { "given": "$", "then": { "function": "evil" } } }\n}\n',
      'vottur.config.yaml': 'extends: [./comment.json]\n',
    });
    const { code, report } = await gate(dir);
    expect(existsSync(sentinel)).toBe(false);
    expect(code).toBe(1);
    expect(refusals(report)).toEqual([expect.stringContaining('comment.json is not valid JSON')]);
  });

  it('Why 6: a bare name with a committed node_modules package of that name is a package the policy does not list', async () => {
    const { dir, sentinel } = repository('why6', {
      'node_modules/team-rules.yaml/package.json': JSON.stringify({ name: 'team-rules.yaml', main: 'index.js' }),
      'node_modules/team-rules.yaml/index.js': PAYLOAD,
      'team-rules.yaml': 'rules: {}\n',
      'vottur.config.yaml': 'extends: [team-rules.yaml]\n',
    });
    const { code, report } = await gate(dir);
    expect(existsSync(sentinel)).toBe(false);
    expect(code).toBe(1);
    expect(refusals(report)).toEqual([
      expect.stringContaining('names the package team-rules.yaml, which the policy does not list'),
    ]);
  });

  it('Why 7: `overrides[].extends` inside an otherwise plain ruleset is refused', async () => {
    const { dir, sentinel } = repository('why7', {
      'evil.js': PAYLOAD,
      'plain.yaml': 'rules: {}\noverrides:\n  - files: ["**/*.yaml"]\n    extends: [./evil.js]\n    rules: {}\n',
      'vottur.config.yaml': 'extends: [./plain.yaml]\n',
    });
    const { code, report } = await gate(dir);
    expect(existsSync(sentinel)).toBe(false);
    expect(code).toBe(1);
    expect(refusals(report)).toEqual([
      expect.stringContaining('plain.yaml: `overrides.0` must NOT have additional properties `extends`'),
    ]);
  });

  it("Why 14: a package the policy names is loaded from the operator's installation, never the repository's node_modules; the record names its path and hash", async () => {
    const { dir, sentinel } = repository('why14', {
      'node_modules/house-rules/package.json': JSON.stringify({ name: 'house-rules', main: 'index.js' }),
      'node_modules/house-rules/index.js': PAYLOAD,
      'vottur.config.yaml': 'extends: [house-rules]\n',
    });
    // The operator's side: the policy and the package installed beside it, outside the repository.
    const operator = join(top, 'why14-operator');
    const installed = join(operator, 'node_modules/house-rules');
    mkdirSync(installed, { recursive: true });
    writeFileSync(join(operator, 'policy.yaml'), 'extends:\n  packages: [house-rules]\n');
    writeFileSync(join(installed, 'package.json'), JSON.stringify({ name: 'house-rules', main: 'ruleset.yaml' }));
    const ruleset =
      'rules:\n  house-always:\n    given: $.info\n    severity: error\n    message: house rule ran\n    then: { field: x-house, function: truthy }\n';
    writeFileSync(join(installed, 'ruleset.yaml'), ruleset);
    const { code, report } = await gate(dir, ['--policy', join(operator, 'policy.yaml')]);
    expect(existsSync(sentinel)).toBe(false);
    expect(code).toBe(1);
    expect(refusals(report)).toEqual([]);
    expect(report.findings.map((finding) => finding.message)).toContain('house rule ran');
    const { createHash } = await import('node:crypto');
    expect(report.configuration!.files).toContainEqual({
      path: join(installed, 'ruleset.yaml'),
      kind: 'ruleset',
      sha256: createHash('sha256').update(ruleset).digest('hex'),
    });
  });

  it("Why 16: a ruleset's `pattern` with ^(a+)+$ runs on the linear-time engine and the lint ends with its finding", async () => {
    const { dir, sentinel } = repository('why16', {
      'slow.yaml':
        'rules:\n  house-title:\n    given: $.info\n    severity: error\n    then: { field: title, function: pattern, functionOptions: { match: "^(a+)+$" } }\n',
      'vottur.config.yaml': 'extends: [./slow.yaml]\n',
    });
    const text = readFileSync(join(dir, 'bad.yaml'), 'utf8').replace(
      /^(\s+)title: .*$/m,
      `$1title: ${'a'.repeat(48)}!`,
    );
    writeFileSync(join(dir, 'bad.yaml'), text);
    const { code, report } = await gate(dir);
    expect(existsSync(sentinel)).toBe(false);
    expect(code).toBe(1);
    expect(report.findings.filter((finding) => finding.ruleId === 'house-title')).toEqual([
      expect.objectContaining({ message: expect.stringContaining('must match the pattern "^(a+)+$"') }),
    ]);
  });
});

describe('issue 34, second round: attacks on the loader itself, over the CLI', () => {
  const severities = (report: JsonReport) =>
    report.findings
      .filter((finding) => !finding.ruleId.startsWith('policy-'))
      .map((finding) => `${finding.ruleId} ${finding.severity}`);

  it('B1: a rule named __proto__ is refused, naming the key, and every finding keeps its severity', async () => {
    const clean = repository('b1-clean', {});
    const { dir } = repository('b1', {
      'rules.yaml': 'rules:\n  __proto__: hint\n',
      'vottur.config.yaml': 'extends: [./rules.yaml]\n',
    });
    const [before, after] = [await gate(clean.dir), await gate(dir)];
    expect(refusals(after.report)).toEqual([expect.stringContaining('rules.yaml: `rules.__proto__` is a name')]);
    expect(severities(after.report)).toEqual(severities(before.report));
    expect(severities(after.report).length).toBeGreaterThan(0);
  });

  it('B2: a JSON ruleset nested 5,000 deep is a refusal finding, not a crash', async () => {
    const deep = `${'{"not":'.repeat(5000)}{}${'}'.repeat(5000)}`;
    const { dir } = repository('b2', {
      'rules.json': `{"rules":{"r":{"given":"$","then":{"function":"schema","functionOptions":{"schema":${deep}}}}}}`,
      'vottur.config.json': '{"extends": ["./rules.json"]}',
    });
    const { code, report } = await gate(dir);
    expect(code).toBe(1);
    expect(refusals(report)).toEqual([expect.stringContaining('rules.json nests deeper than 64 levels')]);
  });
});

import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { votturInProcess as vottur } from './run.js';

const CONFORMANT = 'fixtures/conformant/catalogue-api.yaml';
const TITLE_FAIL = 'fixtures/rules/platform-info-title/fail-empty.yaml';

describe('vottur lint', () => {
  it('exits 0 with a clean summary on the conformant description', async () => {
    const result = await vottur(['lint', CONFORMANT]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/No problems found in 1 document/);
    expect(result.code).toBe(0);
  });

  it('exits 1 and prints stylish findings grouped by file: line:col severity rule message path', async () => {
    const result = await vottur(['lint', TITLE_FAIL]);
    expect(result.code).toBe(1);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(TITLE_FAIL);
    expect(result.stdout).toMatch(/^\s+4:10\s+error\s+platform-info-title\s+`info\.title` is .* info\.title$/m);
    expect(result.stdout).toMatch(
      /✖ \d+ problems? \(\d+ errors?, \d+ warnings?, \d+ info, \d+ hints?\) in 1 document\./,
    );
    // Not a TTY: no colour codes.
    // eslint-disable-next-line no-control-regex -- an escape character starts every colour code
    expect(result.stdout).not.toMatch(/\u001b\[/);
  });

  it('writes the JSON report the issue specifies, to a file with --output', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-cli-'));
    const out = join(dir, 'report.json');
    const result = await vottur(['lint', TITLE_FAIL, CONFORMANT, '--format', 'json', '--output', out]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const report = JSON.parse(readFileSync(out, 'utf8'));
    expect(Object.keys(report)).toEqual(
      expect.arrayContaining(['tool', 'createdTimestamp', 'documents', 'summary', 'findings']),
    );
    expect(report.tool.name).toBe('vottur');
    expect(report.createdTimestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z$/);
    expect(report.documents.map((d: { path: string }) => d.path).sort()).toEqual([CONFORMANT, TITLE_FAIL].sort());
    const finding = report.findings.find((f: { ruleId: string }) => f.ruleId === 'platform-info-title');
    expect(finding).toMatchObject({
      severity: 'error',
      category: 'documentation',
      document: TITLE_FAIL,
      pointer: '/info/title',
      path: ['info', 'title'],
      line: 4,
      column: 10,
      source: 'lint',
      docsUrl: expect.stringMatching(/docs\/rules\/platform-info-title\.md$/),
    });
    expect(report.summary.error).toBe(
      report.findings.filter((f: { severity: string }) => f.severity === 'error').length,
    );
    // Nothing half-written beside it.
    expect(readdirSync(dir)).toEqual(['report.json']);
  });

  it('--fail-severity decides what fails the run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-cli-'));
    const doc = join(dir, 'api.yaml');
    // Only a warning-level problem: version major 1 in the path, 2 in info.version.
    writeFileSync(doc, readFileSync(CONFORMANT, 'utf8').replace('version: 1.4.0', 'version: 2.0.0'));
    const lenient = await vottur(['lint', doc, '--format', 'json']);
    const report = JSON.parse(lenient.stdout);
    expect(report.summary.error).toBe(0);
    expect(report.summary.warn).toBeGreaterThan(0);
    expect(lenient.code).toBe(0);
    expect((await vottur(['lint', doc, '--fail-severity', 'warn'])).code).toBe(1);
    // --quiet shortens the list, not the count: the warning is still counted (test/cli/output.test.ts).
    expect((await vottur(['lint', doc, '--quiet'])).stdout).toMatch(/✖ \d+ problems? \(0 errors, [1-9]\d* warnings?/);
  });

  it('expands quoted glob patterns itself', async () => {
    const result = await vottur(['lint', 'fixtures/rules/platform-info-title/*.yaml', '--format', 'json']);
    const report = JSON.parse(result.stdout);
    expect(report.documents).toHaveLength(
      readdirSync('fixtures/rules/platform-info-title').filter((f) => f.endsWith('.yaml')).length,
    );
  });

  it('lists 100 findings by default, the rest with --max-problems, and always counts them all', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-cli-'));
    const doc = join(dir, 'api.yaml');
    // 150 properties in snake_case: 150 platform-field-camel-case findings, and nothing else.
    const properties = Array.from(
      { length: 150 },
      (_, i) =>
        `        field_number_${i}:\n          type: string\n          description: A field.\n          example: x`,
    ).join('\n');
    writeFileSync(
      doc,
      readFileSync(CONFORMANT, 'utf8').replace(
        '\n  schemas:\n',
        `\n  schemas:\n    ManyFields:\n      type: object\n      description: Many fields.\n      properties:\n${properties}\n`,
      ),
    );
    const full = JSON.parse((await vottur(['lint', doc, '--format', 'json'])).stdout);
    const total = full.findings.length as number;
    expect(total).toBe(150);
    const rows = (stdout: string) => stdout.split('\n').filter((line) => /^\s+\d+:\d+\s/.test(line)).length;
    const cut = await vottur(['lint', doc]);
    expect(rows(cut.stdout)).toBe(100);
    expect(cut.stdout).toContain(`… and ${total - 100} more problems not listed (most: platform-field-camel-case`);
    expect(cut.stdout).toMatch(new RegExp(`✖ ${total} problems`));
    expect(rows((await vottur(['lint', doc, '--max-problems', '0'])).stdout)).toBe(total);
    expect(rows((await vottur(['lint', doc, '--max-problems', '5'])).stdout)).toBe(5);
  });

  it.each([
    [['lint', 'no/such/file.yaml'], /^vottur: cannot read no\/such\/file\.yaml: no such file; check the path$/],
    [['lint', 'fixtures/loading/escape'], /is a folder/],
    [['lint', 'no/such/*.yaml'], /no file matches no\/such\/\*\.yaml/],
    [['lint', CONFORMANT, '--format', 'xml'], /unknown format "xml"/],
    [['lint', CONFORMANT, '--fail-severity', 'fatal'], /fail-severity/],
    [['lint', CONFORMANT, '--max-problems', 'all'], /^vottur: --max-problems all: give a whole number, 0 or more/],
    [
      ['lint', CONFORMANT, '--no-such-option'],
      /unknown option '--no-such-option' \(run vottur lint --help for usage\)$/,
    ],
    [['diff', CONFORMANT, CONFORMANT, '--no-such-option'], /unknown option .* \(run vottur diff --help for usage\)$/],
    [['--no-such-option'], /unknown option .* \(run vottur --help for usage\)$/],
    [['lint'], /missing required argument/],
  ])('exits 2 with a one-line message, no stack trace: %j', async (args, message) => {
    const result = await vottur(args);
    expect(result.code).toBe(2);
    const lines = result.stderr
      .trim()
      .split('\n')
      .filter((line) => !line.startsWith('(run vottur --help'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stdout).toBe('');
  });

  it('exits 2 on malformed YAML and writes no report file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-cli-'));
    writeFileSync(join(dir, 'bad.yaml'), 'openapi: 3.0.3\ninfo: {title: x\n');
    const out = join(dir, 'out.json');
    const result = await vottur(['lint', join(dir, 'bad.yaml'), '--format', 'json', '--output', out]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/bad\.yaml:\d+:\d+: not valid YAML/);
    expect(existsSync(out)).toBe(false);
  });

  it("gives Swagger 2.0 platform-openapi-3, the other rules' findings at the original's nodes, and a non-zero exit", async () => {
    const result = await vottur(['lint', 'fixtures/rules/platform-openapi-3/fail-swagger-2.yaml', '--format', 'json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    const found = report.findings.map((f: { ruleId: string; pointer: string }) => `${f.ruleId} ${f.pointer}`);
    expect(found[0]).toBe('platform-openapi-3 /swagger');
    // Run on the in-memory conversion, reported where the Swagger 2.0 document has them (test/lint/swagger.test.ts has the rest).
    expect(found).toContain('platform-info-x-category /info');
    expect(found).toContain('platform-info-description /info');
  });
});

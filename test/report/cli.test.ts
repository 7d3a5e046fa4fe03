import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { XMLParser } from 'fast-xml-parser';
import { registerReport } from '../../src/cli/commands/report.js';
import { CouldNotRunError } from '../../src/errors.js';
import { addOutputOptions } from '../../src/cli/output.js';
import { DEFAULT_MAX_PROBLEMS, outputTargets, type OutputState } from '../../src/run/output.js';
import { formatJson } from '../../src/report/formatters/json.js';
import { parseJsonReport } from '../../src/report/merge.js';
import { toolInfo } from '../../src/version.js';
import { CONTEXT, contractReport, CWD, DOCUMENT, emptyReport, lintReport } from './sample.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vottur-report-cli-'));
  writeFileSync(join(dir, 'lint.json'), formatJson(lintReport(), CONTEXT));
  writeFileSync(join(dir, 'test.json'), formatJson(contractReport(), CONTEXT));
  writeFileSync(join(dir, 'clean.json'), formatJson(emptyReport(), CONTEXT));
  writeFileSync(join(dir, 'eslint.json'), JSON.stringify([{ filePath: 'a.js', messages: [] }]));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `vottur report …` as the CLI would; returns the exit code and what went to standard output. */
async function run(args: string[]): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  let code = 0;
  const program = new Command('vottur').exitOverride();
  registerReport(program, {
    cwd: CWD,
    color: false,
    stdout: (text) => (stdout += text),
    stderr: () => undefined,
    now: new Date('2026-11-03T08:00:00.000Z'),
    exit: (value) => (code = value),
  });
  for (const command of program.commands) command.exitOverride();
  await program.parseAsync(['report', ...args], { from: 'user' });
  return { code, stdout };
}

describe('vottur report', () => {
  it('re-renders one saved report as it was', async () => {
    const { code, stdout } = await run([join(dir, 'lint.json'), '--format', 'json']);
    expect(code).toBe(1); // it has errors
    const report = JSON.parse(stdout);
    expect(report.createdTimestamp).toBe('2026-11-02T09:30:00.000Z');
    expect(report.findings).toHaveLength(lintReport().findings.length);
  });

  it('merges a lint and a test run into one report, made now by this vottur', async () => {
    const { stdout } = await run([join(dir, 'lint.json'), join(dir, 'test.json'), '--format', 'json']);
    const merged = parseJsonReport(JSON.parse(stdout));
    expect(merged.createdTimestamp).toBe('2026-11-03T08:00:00.000Z');
    expect(merged.tool).toEqual(toolInfo());
    expect(merged.documents).toEqual([{ path: DOCUMENT, title: 'User Profile Service', version: '2.1.0' }]);
    expect(merged.findings).toHaveLength(9);
    expect(merged.operations).toHaveLength(3);
    expect(JSON.parse(stdout).score).toMatchObject({ score: 25, grade: 'F' });
  });

  it('writes each --format to its own --output, and one to standard output', async () => {
    const sarif = join(dir, 'out.sarif');
    const junit = join(dir, 'out.xml');
    const { stdout } = await run([
      join(dir, 'lint.json'),
      join(dir, 'test.json'),
      '--format',
      'sarif',
      '--output',
      sarif,
      '--format',
      'stylish',
      '--format',
      'junit',
      '-o',
      junit,
    ]);
    expect(stdout).toContain(
      '✖ 9 problems (4 errors, 4 warnings, 0 info, 1 hint) in 1 document. Score 25/100 (F), 1 of 3 operations pass.',
    );
    expect(JSON.parse(readFileSync(sarif, 'utf8')).runs[0].results).toHaveLength(9);
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(readFileSync(junit, 'utf8'));
    expect(xml.testsuites.tests).toBe('16');
    // No temporary files left beside the outputs.
    expect(readdirSync(dir).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('exits by --fail-severity and --min-score', async () => {
    expect((await run([join(dir, 'clean.json')])).code).toBe(0);
    expect((await run([join(dir, 'clean.json'), '--min-score', '100'])).code).toBe(0);
    const warnings = join(dir, 'warnings.json');
    const report = lintReport();
    report.findings = report.findings.filter((f) => f.severity === 'warn');
    writeFileSync(warnings, formatJson(report, CONTEXT));
    expect((await run([warnings])).code).toBe(0);
    expect((await run([warnings, '--fail-severity', 'warn'])).code).toBe(1);
    expect((await run([warnings, '--min-score', '95'])).code).toBe(1); // 3 warnings: 91
    expect((await run([warnings, '--min-score', '90'])).code).toBe(0);
  });

  it('refuses a file that is not a vottur JSON report, naming it', async () => {
    await expect(run([join(dir, 'lint.json'), join(dir, 'eslint.json')])).rejects.toThrow(CouldNotRunError);
    await expect(run([join(dir, 'eslint.json')])).rejects.toThrow(/eslint\.json is not a vottur JSON report/);
    await expect(run([join(dir, 'absent.json')])).rejects.toThrow(/cannot read .*absent\.json: no such file/);
    // A relative path is named as given.
    await expect(run(['no/such/report.json'])).rejects.toThrow(/^cannot read no\/such\/report\.json: no such file$/);
  });

  it('refuses bad options', async () => {
    await expect(run([join(dir, 'lint.json'), '--min-score', 'lots'])).rejects.toThrow(
      /--min-score must be a number from 0 to 100/,
    );
    await expect(run([join(dir, 'lint.json'), '--format', 'pdf'])).rejects.toThrow(/unknown format "pdf"/);
    await expect(run([join(dir, 'lint.json'), '--format', 'json', '--format', 'stylish'])).rejects.toThrow(
      /only one format can go to standard output/,
    );
    await expect(
      run([join(dir, 'lint.json'), '--format', 'json', '--output', join(dir, 'no', 'such', 'folder.json')]),
    ).rejects.toThrow(/cannot write .*folder\.json: its folder does not exist; nothing was written/);
    expect(existsSync(join(dir, 'no'))).toBe(false);
  });

  it('writes every format from the same merged report', async () => {
    mkdirSync(join(dir, 'all'));
    for (const format of ['stylish', 'json', 'sarif', 'junit', 'github', 'markdown', 'html']) {
      const file = join(dir, 'all', `report.${format}`);
      await run([join(dir, 'lint.json'), join(dir, 'test.json'), '--format', format, '--output', file]);
      const text = readFileSync(file, 'utf8');
      expect(text.length, format).toBeGreaterThan(200);
      expect(text, format).not.toContain('0101302989');
      expect(text, format).toMatch(/25/);
    }
  });
});

describe('--format and --output pairing', () => {
  async function targets(args: string[]) {
    const state: OutputState = { targets: [] };
    const program = new Command().exitOverride();
    addOutputOptions(program, state).action(() => undefined);
    await program.parseAsync(args, { from: 'user' });
    return outputTargets(state);
  }

  it('pairs each --output with the --format before it', async () => {
    expect(await targets(['--format', 'sarif', '--output', 'out.sarif', '--format', 'stylish'])).toEqual([
      { format: 'sarif', output: 'out.sarif', maxProblems: DEFAULT_MAX_PROBLEMS },
      { format: 'stylish', output: undefined, maxProblems: DEFAULT_MAX_PROBLEMS },
    ]);
    expect(await targets(['-f', 'html', '-o', 'r.html', '-f', 'junit', '-o', 'r.xml', '-f', 'github'])).toEqual([
      { format: 'html', output: 'r.html', maxProblems: DEFAULT_MAX_PROBLEMS },
      { format: 'junit', output: 'r.xml', maxProblems: DEFAULT_MAX_PROBLEMS },
      { format: 'github', output: undefined, maxProblems: DEFAULT_MAX_PROBLEMS },
    ]);
  });

  it('defaults to stylish on standard output, and an --output alone writes stylish there', async () => {
    expect(await targets([])).toEqual([{ format: 'stylish', maxProblems: DEFAULT_MAX_PROBLEMS }]);
    expect(await targets(['--output', 'x.txt'])).toEqual([
      { format: 'stylish', output: 'x.txt', maxProblems: DEFAULT_MAX_PROBLEMS },
    ]);
  });

  it('takes --max-problems as a whole number, 0 for all, and refuses anything else', async () => {
    expect(DEFAULT_MAX_PROBLEMS).toBe(100);
    expect(await targets(['--max-problems', '0'])).toEqual([{ format: 'stylish', maxProblems: 0 }]);
    expect(await targets(['--max-problems', '7', '-f', 'json'])).toEqual([
      { format: 'json', output: undefined, maxProblems: 7 },
    ]);
    for (const bad of ['-1', '2.5', 'many']) {
      await expect(targets(['--max-problems', bad])).rejects.toThrow(
        `--max-problems ${bad}: give a whole number, 0 or more`,
      );
    }
  });

  it('offers every format of the table', async () => {
    for (const format of ['stylish', 'json', 'sarif', 'junit', 'github', 'markdown', 'html']) {
      expect(await targets(['--format', format])).toEqual([
        { format, output: undefined, maxProblems: DEFAULT_MAX_PROBLEMS },
      ]);
    }
  });
});

describe('vottur report on a saved record that claims a gate', () => {
  /** A saved lint report that says it ran under --gate with an operator's baseline holding every finding back. */
  function claiming(): string {
    const report = lintReport();
    const saved = {
      ...report,
      findings: report.findings.map((finding) => ({ ...finding, baselineState: 'unchanged' as const })),
      configuration: {
        policy: { name: 'gate' },
        files: [],
        rules: [],
        extends: [],
        suppressions: [],
        accepted: [],
        baseline: {
          file: 'baseline.json',
          given: 'command line' as const,
          entries: report.findings.map((f) => ({
            rule: f.ruleId,
            document: f.document,
            pointer: f.pointer,
            honoured: true,
          })),
        },
      },
    };
    const file = join(dir, 'claims-gate.json');
    writeFileSync(file, formatJson(saved, CONTEXT));
    return file;
  }

  it('says the record is claimed, and never prints "policy gate" for a gate it did not run', async () => {
    const { stdout } = await run([claiming()]);
    expect(stdout).toContain(
      'Configuration (claimed by the saved report, not verified): a policy (gate) the saved report claims, not run;',
    );
    expect(stdout).not.toMatch(/policy gate/);
    const json = JSON.parse((await run([claiming(), '--format', 'json'])).stdout);
    expect(json.configuration).toMatchObject({ claimed: true, policy: { name: 'gate', claimed: true } });
  });

  it('under --gate a saved baseline it cannot verify holds nothing back: the findings count and the run fails', async () => {
    const { code, stdout } = await run([claiming(), '--gate']);
    expect(code).toBe(1);
    expect(stdout).not.toMatch(/100\/100 \(A\)/);
    expect(stdout).toMatch(/policy-baseline-refused/);
    expect(stdout).toContain('Configuration (claimed by the saved report, not verified): policy gate (--gate);');
  });
});

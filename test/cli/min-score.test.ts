/** `--min-score` fails a run whose conformance score is below the bar, whatever the severities. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { votturInProcess as vottur } from './run.js';

/** The conformant example with only warnings: the paths say v1 where info.version says 2 (platform-version-match). */
function warningsOnly(prefix: string): { dir: string; doc: string } {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const doc = join(dir, 'api.yaml');
  writeFileSync(
    doc,
    readFileSync('fixtures/conformant/catalogue-api.yaml', 'utf8').replace('version: 1.4.0', 'version: 2.0.0'),
  );
  return { dir, doc };
}

describe('--min-score', () => {
  it('fails vottur lint below the bar even when no finding is at --fail-severity', async () => {
    const { doc } = warningsOnly('vottur-min-score');
    const plain = await vottur(['lint', doc, '--format', 'json']);
    const report = JSON.parse(plain.stdout);
    expect(report.summary.error).toBe(0);
    expect(report.score.score).toBeLessThan(100);
    expect(plain.code).toBe(0);
    expect((await vottur(['lint', doc, '--min-score', String(report.score.score + 1)])).code).toBe(1);
    expect((await vottur(['lint', doc, '--min-score', String(report.score.score)])).code).toBe(0);
  });

  it('every format says the run fails when the score misses the bar with no error to show (second outside try on issue 36)', async () => {
    // Before, stylish printed "✔ No problems found" and JUnit "0 failures" on a run that exited 1.
    const { dir, doc } = warningsOnly('vottur-min-score-formats');
    const score = (JSON.parse((await vottur(['lint', doc, '-f', 'json'])).stdout) as { score: { score: number } }).score
      .score;
    const bar = ['--min-score', String(score + 1)];
    const reason = `score ${score}/100 is below --min-score ${score + 1}`;
    const out = (name: string) => join(dir, name);
    const targets = ['json', 'junit', 'sarif', 'markdown', 'html', 'github', 'gitlab'].flatMap((format) => [
      '-f',
      format,
      '-o',
      out(`r.${format}`),
    ]);
    const result = await vottur(['lint', doc, ...bar, '-f', 'stylish', ...targets]);
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain('✔');
    expect(result.stdout).toContain(`✖ The run fails: ${reason}.`);
    expect(JSON.parse(readFileSync(out('r.json'), 'utf8')).gate).toEqual({ passed: false, reasons: [reason] });
    const junit = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
      readFileSync(out('r.junit'), 'utf8'),
    ) as {
      testsuites: { failures: string; testsuite: Array<{ name: string; testcase: { failure?: { message: string } } }> };
    };
    expect(Number(junit.testsuites.failures)).toBeGreaterThan(0);
    expect(junit.testsuites.testsuite.find((suite) => suite.name === 'vottur gate')?.testcase.failure?.message).toBe(
      `The run fails: ${reason}.`,
    );
    const sarif = JSON.parse(readFileSync(out('r.sarif'), 'utf8')) as {
      runs: Array<{ properties: { gate: unknown } }>;
    };
    expect(sarif.runs[0]?.properties.gate).toEqual({ passed: false, reasons: [reason] });
    expect(readFileSync(out('r.markdown'), 'utf8')).toContain(`**❌ The run fails**: ${reason}.`);
    expect(readFileSync(out('r.html'), 'utf8')).toContain(
      `<span id="gate-fails" class="gate-fails">The run fails: ${reason}.</span>`,
    );
    expect(readFileSync(out('r.github'), 'utf8')).toContain(`::error title=vottur::The run fails: ${reason}.`);
    // GitLab Code Quality: one blocker issue for the threshold, never a clean-looking list (C01).
    const gitlab = JSON.parse(readFileSync(out('r.gitlab'), 'utf8')) as Array<Record<string, unknown>>;
    const gate = gitlab.filter((issue) => issue.check_name === 'vottur-gate');
    expect(gate).toEqual([
      {
        type: 'issue',
        description: `The run fails: ${reason}.`,
        check_name: 'vottur-gate',
        fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/),
        severity: 'blocker',
        categories: ['gate'],
        location: { path: doc, lines: { begin: 1 } },
      },
    ]);
    expect(new Set(gitlab.map((issue) => issue.fingerprint)).size).toBe(gitlab.length);
    // Stable: another bar the score misses is the same issue in GitLab's comparison of pipelines.
    await vottur(['lint', doc, '--min-score', String(score + 2), '-f', 'gitlab', '-o', out('r2.gitlab')]);
    const again = (JSON.parse(readFileSync(out('r2.gitlab'), 'utf8')) as Array<Record<string, unknown>>).find(
      (issue) => issue.check_name === 'vottur-gate',
    );
    expect(again?.fingerprint).toBe(gate[0]?.fingerprint);
    // At the bar the run passes, and no format says otherwise.
    const passing = await vottur(['lint', doc, '--min-score', String(score), '-f', 'json']);
    expect(passing.code).toBe(0);
    expect(JSON.parse(passing.stdout).gate).toEqual({ passed: true, reasons: [] });
    const passingGitlab = await vottur(['lint', doc, '--min-score', String(score), '-f', 'gitlab']);
    expect(JSON.parse(passingGitlab.stdout)).not.toContainEqual(expect.objectContaining({ check_name: 'vottur-gate' }));
  });

  it('a run that --fail-severity warn fails shows its grade in the failing colour, whatever the grade', async () => {
    const { doc } = warningsOnly('vottur-fail-warn-colour');
    const env = { FORCE_COLOR: '1' };
    const passing = await vottur(['lint', doc], { env });
    const failing = await vottur(['lint', doc, '--fail-severity', 'warn'], { env });
    expect([passing.code, failing.code]).toEqual([0, 1]);
    // The grade is an A (only warnings): green when the run passes, red when it fails.
    const GREEN = '\u001b[32m';
    const RED = '\u001b[31m';
    const graded = (stdout: string) => /(\S+)Score \d+\/100 \(A\)\./.exec(stdout)?.[1]?.slice(-GREEN.length);
    expect(graded(passing.stdout)).toBe(GREEN);
    expect(graded(failing.stdout)).toBe(RED);
  });

  it('lets the clean reference service through vottur check at 100', { timeout: 120_000 }, async () => {
    const result = await vottur(['check', '--no-dredd', '--quiet', '--min-score', '100']);
    expect(result.stdout).toMatch(/Score 100\/100 \(A\)/);
    expect(result.code).toBe(0);
  });

  it('is refused, with exit 2, when it is not a number from 0 to 100', async () => {
    for (const command of ['lint', 'check']) {
      const result = await vottur([
        command,
        ...(command === 'lint' ? ['fixtures/conformant/catalogue-api.yaml'] : []),
        '--min-score',
        '120',
      ]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/--min-score must be a number from 0 to 100/);
    }
  });
});

describe('--min-score over many documents', () => {
  it('gates on the worst document, not the mean, and the line names it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-min-score-many-'));
    const clean = readFileSync('fixtures/conformant/catalogue-api.yaml', 'utf8');
    for (let i = 0; i < 9; i++) writeFileSync(join(dir, `clean-${i}.yaml`), clean);
    writeFileSync(join(dir, 'failing.yaml'), readFileSync('fixtures/rules/platform-no-404/fail.yaml', 'utf8'));
    const plain = await vottur(['lint', '*.yaml', '--format', 'json', '--jobs', '1'], { cwd: dir });
    const report = JSON.parse(plain.stdout) as {
      score: { score: number; byDocument: Array<{ document: string; score: number }> };
    };
    const worst = report.score.byDocument.find((d) => d.document === 'failing.yaml')!.score;
    // The mean clears the bar; the failing description does not.
    expect(report.score.score).toBeGreaterThanOrEqual(90);
    expect(worst).toBeLessThan(90);
    const gated = await vottur(['lint', '*.yaml', '--min-score', '90', '--jobs', '1', '-q'], { cwd: dir });
    expect(gated.code).toBe(1);
    expect(gated.stderr).toBe(
      `vottur: score ${worst}/100 of failing.yaml, the lowest of 10 documents (overall ${report.score.score}) is below --min-score 90\n`,
    );
    // Through vottur report too: the same answer from the saved JSON.
    writeFileSync(join(dir, 'saved.json'), plain.stdout);
    const again = await vottur(['report', 'saved.json', '--min-score', '90', '-f', 'json', '-o', 'again.json'], {
      cwd: dir,
    });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/of failing\.yaml, the lowest of 10 documents/);
  });
});

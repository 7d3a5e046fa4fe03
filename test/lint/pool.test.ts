/**
 * Many documents at once: the worker pool finds exactly what linting one at a time finds, in the
 * same report order; `--jobs` picks the pool size; `--timing` prints the slowest rules. The pool
 * needs the built worker (dist/src/lint/worker.js), so a run with `--jobs` above 1 goes through the
 * built CLI (npm test builds first); one-at-a-time runs go through the same `main` in this process
 * (votturWhereItRuns), where `lintFiles` lints in this thread.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lintFiles, poolSize, TimingCollector } from '../../src/lint/files.js';
import lintTask from '../../src/lint/worker.js';
import { ROOT, vottur, votturWhereItRuns } from '../cli/run.js';

const PATTERN = 'fixtures/rules/platform-*/*.yaml';
const out = mkdtempSync(join(tmpdir(), 'vottur-pool-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function withoutTime(file: string): unknown {
  const report = JSON.parse(readFileSync(file, 'utf8')) as { createdTimestamp?: string };
  delete report.createdTimestamp;
  return report;
}

describe('the worker pool', () => {
  it('reports exactly what one-at-a-time linting reports', { timeout: 120_000 }, async () => {
    const pooled = await vottur([
      'lint',
      PATTERN,
      '--jobs',
      '2',
      '--format',
      'json',
      '--output',
      join(out, 'pool.json'),
    ]);
    // One at a time in this process (the same `main`); the pool in the built CLI, where its worker is.
    const single = await votturWhereItRuns([
      'lint',
      PATTERN,
      '--jobs',
      '1',
      '--format',
      'json',
      '--output',
      join(out, 'single.json'),
    ]);
    expect(pooled.stderr).toMatch(/^(vottur: (passed|failed): [^\n]*\n)?$/); // every format to a file: the verdict line at most
    expect(single.stderr).toMatch(/^(vottur: (passed|failed): [^\n]*\n)?$/); // every format to a file: the verdict line at most
    expect(pooled.code).toBe(single.code);
    const pool = withoutTime(join(out, 'pool.json')) as { documents: unknown[]; findings: unknown[] };
    expect(pool.documents.length).toBeGreaterThan(20);
    expect(pool.findings.length).toBeGreaterThan(20);
    expect(pool).toEqual(withoutTime(join(out, 'single.json')));
  });

  it(
    'goes on past a document that cannot be read: a vottur-unreadable finding on it, every other report complete, one line and exit code 2 at the end',
    { timeout: 60_000 },
    async () => {
      const dir = mkdtempSync(join(out, 'broken-'));
      const { writeFileSync } = await import('node:fs');
      for (let i = 0; i < 4; i++)
        writeFileSync(join(dir, `ok-${i}.yaml`), 'openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths: {}\n');
      writeFileSync(join(dir, 'broken.yaml'), 'openapi: 3.0.3\ninfo: [\n');
      for (const jobs of ['2', '1']) {
        const result = await votturWhereItRuns(['lint', `${dir}/*.yaml`, '--jobs', jobs, '--format', 'json']);
        expect(result.code).toBe(2);
        expect(result.stderr).toMatch(/^vottur: .*broken\.yaml:\d+:\d+: not valid YAML/);
        const report = JSON.parse(result.stdout) as {
          documents: Array<{ path: string }>;
          findings: Array<{ ruleId: string; document: string; severity: string; message: string }>;
        };
        expect(report.documents).toHaveLength(5);
        const unreadable = report.findings.filter((f) => f.ruleId === 'vottur-unreadable');
        expect(unreadable).toHaveLength(1);
        expect(unreadable[0]).toMatchObject({ severity: 'error' });
        expect(unreadable[0].document).toMatch(/broken\.yaml$/);
        expect(unreadable[0].message).not.toContain('\n');
      }
    },
  );

  it('refuses a --jobs that is not a whole number of threads', async () => {
    for (const jobs of ['0', 'two', '1.5']) {
      const result = await votturWhereItRuns(['lint', 'fixtures/conformant/catalogue-api.yaml', '--jobs', jobs]);
      expect(result.code, jobs).toBe(2);
      expect(result.stderr).toMatch(/--jobs/);
    }
  });

  it('prints the slowest rules after the report with --timing', { timeout: 60_000 }, async () => {
    const result = await votturWhereItRuns(['lint', 'fixtures/conformant/catalogue-api.yaml', '--timing']);
    expect(result.stderr).toMatch(/^Rule +\| Time \(ms\) \| Relative$/m);
    expect(result.stderr).toMatch(/^platform-[a-z0-9-]+ +\| +\d+\.\d \| +\d+\.\d%$/m);
    expect(result.stderr).toMatch(/^total +\|/m);
    // The report itself is unchanged on standard output.
    expect(result.stdout).not.toMatch(/Time \(ms\)/);
  });

  it('times rules across worker threads too', { timeout: 60_000 }, async () => {
    const result = await vottur([
      'lint',
      PATTERN,
      '--jobs',
      '2',
      '--timing',
      '--format',
      'json',
      '--output',
      join(out, 'timed.json'),
    ]);
    expect(result.stderr).toMatch(/^platform-[a-z0-9-]+ +\| +\d+\.\d \|/m);
  });
});

describe('choosing the pool size', () => {
  it('lints a few documents in this thread and many in a pool, unless told', () => {
    // Under Vitest there is no built worker next to the TypeScript sources: always in-process.
    expect(poolSize(100, {})).toBe(1);
    expect(poolSize(1, { jobs: 8 })).toBe(1);
  });

  it('lints in this thread under Vitest, with timing collected', async () => {
    const timing = new TimingCollector();
    const progress: Array<[number, number]> = [];
    const report = await lintFiles(['fixtures/rules/platform-info-title/*.yaml'], {
      cwd: ROOT,
      timing,
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(report.documents.length).toBeGreaterThan(1);
    expect(progress[0]).toEqual([0, report.documents.length]);
    expect(progress.at(-1)).toEqual([report.documents.length, report.documents.length]);
    expect(timing.entries().some((entry) => entry.name === 'platform-info-title')).toBe(true);
  });
});

describe('a worker task', () => {
  it('returns findings and rule metadata, not the parsed document', async () => {
    const result = await lintTask({
      file: join(ROOT, 'fixtures/conformant/catalogue-api.yaml'),
      cwd: ROOT,
      timing: true,
    });
    expect('linted' in result).toBe(true);
    if (!('linted' in result)) return;
    expect(Object.keys(result.linted).sort()).toEqual(['document', 'findings']);
    expect(result.rules.length).toBeGreaterThan(0);
    expect(result.timing?.length).toBeGreaterThan(0);
  });

  it('turns a failure into data', async () => {
    const result = await lintTask({ file: join(ROOT, 'no/such/file.yaml'), cwd: ROOT, timing: false });
    expect(result).toEqual({
      failure: { message: expect.stringMatching(/cannot read .*no such file/), couldNotRun: true },
    });
  });
});

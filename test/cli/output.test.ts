/**
 * What the command line does around the report: --quiet is a display filter, a missed --min-score
 * says so, a closed or full standard output ends quietly or in one line, --output is paired with
 * its --format, and files are written all or none, keeping a replaced file's mode.
 */
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, votturInProcess as vottur } from './run.js';

const CONFORMANT = 'fixtures/conformant/catalogue-api.yaml';
const MANY = 'fixtures/rules/platform-no-404/fail.yaml';

/** A copy of the conformant description with one warning and no error (platform-version-match). */
function warningOnly(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vottur-quiet-'));
  const doc = join(dir, 'api.yaml');
  writeFileSync(doc, readFileSync(join(ROOT, CONFORMANT), 'utf8').replace('version: 1.4.0', 'version: 2.0.0'));
  return doc;
}

describe('--quiet only shortens the stylish list', () => {
  it('keeps the score, the counts, the gate and every file format', async () => {
    const doc = warningOnly();
    const full = JSON.parse((await vottur(['lint', doc, '--format', 'json'])).stdout);
    expect(full.summary.error).toBe(0);
    expect(full.summary.warn).toBeGreaterThan(0);
    const score = full.score.score as number;
    expect(score).toBeLessThan(100);

    const quiet = await vottur(['lint', doc, '-q']);
    expect(quiet.stdout).not.toMatch(/No problems found/);
    expect(quiet.stdout).not.toMatch(/platform-version-match/);
    expect(quiet.stdout).toContain(`Score ${score}/100`);
    expect(quiet.stdout).toMatch(/0 errors, [1-9]\d* warnings?/);
    expect(quiet.stdout).toMatch(/below error not listed \(--quiet\)/);
    expect(quiet.code).toBe(0);

    const gated = await vottur(['lint', doc, '-q', '--fail-severity', 'warn']);
    expect(gated.code).toBe(1);
    expect(gated.stdout).not.toMatch(/✔/);

    const dir = mkdtempSync(join(tmpdir(), 'vottur-quiet-out-'));
    await vottur([
      'lint',
      doc,
      '-q',
      '--format',
      'json',
      '--output',
      join(dir, 'r.json'),
      '--format',
      'markdown',
      '--output',
      join(dir, 'r.md'),
    ]);
    const json = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'));
    expect(json.score.score).toBe(score);
    expect(json.findings).toHaveLength(full.findings.length);
    expect(readFileSync(join(dir, 'r.md'), 'utf8')).toContain(`${score}/100`);
  });
});

describe('--min-score', () => {
  it('says on standard error that the score was below the bar, in lint, check and report', async () => {
    const doc = warningOnly();
    const dir = mkdtempSync(join(tmpdir(), 'vottur-min-'));
    const saved = join(dir, 'lint.json');
    await vottur(['lint', doc, '--format', 'json', '--output', saved]);
    const score = JSON.parse(readFileSync(saved, 'utf8')).score.score as number;
    const shown = JSON.parse(readFileSync(saved, 'utf8')).score.byDocument[0].document as string;
    // check without --server lints only; -q keeps its note off standard error.
    for (const args of [
      ['lint', doc],
      ['report', saved],
      ['check', doc, '-q'],
    ]) {
      const failed = await vottur([...args, '--min-score', String(score + 1)]);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toBe(`vottur: score ${score}/100 (${shown}) is below --min-score ${score + 1}\n`);
      const passed = await vottur([...args, '--min-score', String(score)]);
      expect(passed.code).toBe(0);
      expect(passed.stderr).toBe('');
    }
  });
});

/** Runs vottur with its standard output closed by the reader before anything is read. */
function closedPipe(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('standard output that cannot take the report', () => {
  it('ends quietly when the reader has gone (| head): no EPIPE stack trace, in every format', async () => {
    for (const format of ['sarif', 'json', 'html', 'stylish']) {
      const result = await closedPipe(['lint', MANY, '--format', format]);
      expect(result.stderr, format).toBe('');
      expect(result.code, format).toBe(1);
    }
  });

  it('is one line and exit 2 when the disk is full (/dev/full)', async (context) => {
    context.skip(!existsSync('/dev/full'), 'no /dev/full on this system');
    for (const args of [['lint', MANY, '--format', 'json'], ['--help']]) {
      const result = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
        const out = openSync('/dev/full', 'w');
        const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', out, 'pipe'] });
        if (child.stderr === null) throw new Error('spawn gave the child no stderr pipe');
        let stderr = '';
        child.stderr.on('data', (chunk) => (stderr += chunk));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stderr }));
      });
      expect(result.stderr, args.join(' ')).toBe(
        'vottur: cannot write to standard output: ENOSPC; check the disk or the file it goes to\n',
      );
      expect(result.code).toBe(2);
    }
  });
});

describe('--output', () => {
  it('with no --format before it, while formats are given, is one exit-2 line and writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-stray-'));
    const result = await vottur(['lint', MANY, '-o', join(dir, 'x.txt'), '-f', 'json']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^vottur: --output .*x\.txt has no --format before it: each --output belongs to the --format before it, e\.g\. --format json --output .*\n$/,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a read-only target and leaves it as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-ro-'));
    const target = join(dir, 'report.json');
    writeFileSync(target, 'keep me');
    chmodSync(target, 0o444);
    const result = await vottur(['lint', MANY, '--format', 'json', '--output', target]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^vottur: cannot write .*report\.json: it is read-only; make it writable or give another --output; nothing was written\n$/,
    );
    expect(readFileSync(target, 'utf8')).toBe('keep me');
    expect(statSync(target).mode & 0o777).toBe(0o444);
    expect(readdirSync(dir)).toEqual(['report.json']);
  });

  it('writes a name near 255 bytes, and refuses a longer one in one line, exit 2 (attack r7 W12)', async () => {
    // Before, the temporary name (`.<name>.<hex>.tmp`) passed 255 bytes and the clean-up threw:
    // "unexpected failure: ENAMETOOLONG … (please report this)".
    const dir = mkdtempSync(join(tmpdir(), 'vottur-long-name-'));
    const near = `${'a'.repeat(240)}.json`;
    const written = await vottur(['lint', CONFORMANT, '-f', 'json', '-o', join(dir, near)], { cwd: ROOT });
    expect(written.stderr).toMatch(/^vottur: passed: 0 problems .*\n$/);
    expect(written.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, near), 'utf8')).findings).toEqual([]);
    expect(readdirSync(dir)).toEqual([near]);
    for (const name of [`${'b'.repeat(251)}.json`, `${'é'.repeat(140)}.json`]) {
      const result = await vottur(['lint', CONFORMANT, '-f', 'json', '-o', join(dir, name)], { cwd: ROOT });
      expect(result.stderr).toMatch(
        /^vottur: cannot write .*\.json: its name is too long for the file system \(at most 255 bytes a name\); give a shorter name; nothing was written\n$/,
      );
      expect(result.code).toBe(2);
    }
    expect(readdirSync(dir)).toEqual([near]);
  });

  it('keeps the mode of a file it replaces', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-mode-'));
    const target = join(dir, 'report.json');
    writeFileSync(target, 'old');
    chmodSync(target, 0o640);
    const result = await vottur(['lint', MANY, '--format', 'json', '--output', target]);
    expect(result.code).toBe(1);
    expect(JSON.parse(readFileSync(target, 'utf8')).findings.length).toBeGreaterThan(0);
    expect(statSync(target).mode & 0o777).toBe(0o640);
  });

  it('writes nothing when one of several targets cannot be written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-all-or-none-'));
    const first = join(dir, 'first.json');
    const result = await vottur([
      'lint',
      MANY,
      '--format',
      'json',
      '--output',
      first,
      '--format',
      'sarif',
      '--output',
      join(dir, 'missing', 'second.sarif'),
      '--format',
      'stylish',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^vottur: cannot write .*second\.sarif: its folder does not exist; nothing was written\n$/,
    );
    expect(result.stdout).toBe('');
    expect(readdirSync(dir)).toEqual([]);
    mkdirSync(join(dir, 'missing'));
    expect(
      (
        await vottur([
          'lint',
          MANY,
          '--format',
          'json',
          '--output',
          first,
          '--format',
          'sarif',
          '--output',
          join(dir, 'missing', 'second.sarif'),
        ])
      ).code,
    ).toBe(1);
    expect(readdirSync(dir).sort()).toEqual(['first.json', 'missing']);
    expect(readdirSync(join(dir, 'missing'))).toEqual(['second.sarif']);
  });
});

describe('--output: where and in what format', () => {
  it('alone takes the format its name implies (.json, .sarif, .xml, .html, .md); another name gets stylish', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-by-name-'));
    for (const [name, starts] of [
      ['out.json', /^\{\n {2}"tool"/],
      ['out.sarif', /^\{\n {2}"\$schema": "https:\/\/.*sarif/],
      ['out.xml', /^<\?xml /],
      ['out.html', /^<!doctype html>/],
      ['out.md', /^#/],
      ['out.txt', /^fixtures\/rules\/platform-no-404\/fail\.yaml\n/],
    ] as const) {
      const result = await vottur(['lint', MANY, '--output', join(dir, name)]);
      expect(result.code, result.stderr).toBe(1);
      expect(readFileSync(join(dir, name), 'utf8')).toMatch(starts);
    }
  });

  it('writes to a character device (/dev/null) and leaves it one', async () => {
    const result = await vottur(['lint', MANY, '--format', 'json', '--output', '/dev/null']);
    expect(result.stderr).toMatch(/^vottur: failed: .*; report in \/dev\/null\n$/);
    expect(result.code).toBe(1);
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('refuses a folder of the repository that leads outside it through a symbolic link, writing nothing', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'vottur-out-repo-'));
    const outside = mkdtempSync(join(tmpdir(), 'vottur-out-outside-'));
    mkdirSync(join(repo, '.git'));
    writeFileSync(join(repo, 'api.yaml'), readFileSync(join(ROOT, MANY)));
    symlinkSync(outside, join(repo, 'reports'));
    symlinkSync('/dev/null', join(repo, 'null.json'));
    for (const output of ['reports/x.sarif', 'null.json']) {
      const result = await vottur(['lint', 'api.yaml', '--gate', '--format', 'sarif', '--output', output], {
        cwd: repo,
      });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        new RegExp(
          `^vottur: cannot write ${output.replace('.', '\\.')}: it leads outside the repository \\(to .*\\) through a symbolic link; .*nothing was written\n$`,
        ),
      );
    }
    expect(readdirSync(outside)).toEqual([]);
    // Named outright, a path outside the repository is the operator's choice.
    const direct = await vottur(['lint', 'api.yaml', '--format', 'sarif', '--output', join(outside, 'x.sarif')], {
      cwd: repo,
    });
    expect(direct.code).toBe(1);
    expect(readdirSync(outside)).toEqual(['x.sarif']);
  });
});

describe('messages', () => {
  it('have one prefix, vottur:, whether commander or vottur finds the mistake', async () => {
    for (const args of [
      ['--bogus'],
      ['lint', CONFORMANT, '--bogus'],
      ['frobnicate'],
      ['lint', 'no-such-file.yaml'],
      ['lint', CONFORMANT, '--fail-severity', 'loud'],
    ]) {
      const result = await vottur(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(/^vottur: [^\n]+\n$/);
      expect(result.stderr).not.toMatch(/^error:/m);
    }
  });
});

describe('document paths', () => {
  it('are shown as given: a file outside the working directory by its absolute path, not ../../…', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-abs-'));
    const doc = join(dir, 'api.yaml');
    writeFileSync(doc, readFileSync(join(ROOT, MANY), 'utf8'));
    const stylish = await vottur(['lint', doc]);
    expect(stylish.stdout.split('\n')[0]).toBe(doc);
    const json = JSON.parse((await vottur(['lint', doc, '--format', 'json'])).stdout);
    expect(json.documents.map((d: { path: string }) => d.path)).toEqual([doc]);
    expect(new Set(json.findings.map((f: { document: string }) => f.document))).toEqual(new Set([doc]));
    // Inside the working directory, relative as before.
    expect((await vottur(['lint', MANY])).stdout.split('\n')[0]).toBe(MANY);
  });
});

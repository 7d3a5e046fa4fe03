/**
 * `vottur report` reads a saved report through the one bounded reader (issue 34, attack r8 W1): a
 * committed link to /dev/zero grew to 1.1 GB and aborted the process, a FIFO hung it, and a link
 * to a file outside the repository was read, its first bytes quoted in the error line.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess } from './run.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-report-read-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));
const repo = join(top, 'repo');
mkdirSync(join(repo, '.git'), { recursive: true });
const secret = join(top, 'outside.txt');
writeFileSync(secret, 'SECRET_TOKEN_0123456789\n');

describe('vottur report reads a saved report bounded', () => {
  it('refuses a link to a device, a FIFO, a link out and a file that is not JSON, each in one line, without quoting it', async () => {
    symlinkSync('/dev/zero', join(repo, 'zero.json'));
    execFileSync('mkfifo', [join(repo, 'fifo.json')]);
    symlinkSync(secret, join(repo, 'out.json'));
    // A committed folder link out (o34r9 L1): only the last part of the path was checked.
    mkdirSync(join(top, 'elsewhere'));
    writeFileSync(join(top, 'elsewhere', 'x.json'), 'SECRET_TOKEN_0123456789\n');
    symlinkSync(join(top, 'elsewhere'), join(repo, 'reports'));
    writeFileSync(join(repo, 'plain.json'), 'SECRET_TOKEN_0123456789\n');
    const expected: Array<[string, RegExp]> = [
      ['zero.json', /^vottur: cannot read zero\.json: it is a symbolic link; name the file it leads to\n$/],
      ['fifo.json', /^vottur: cannot read fifo\.json: it is a FIFO, not a regular file\n$/],
      ['out.json', /^vottur: cannot read out\.json: it is a symbolic link; name the file it leads to\n$/],
      [
        'reports/x.json',
        /^vottur: cannot read reports\/x\.json: it leads outside the repository through a linked folder; name the file where it is\n$/,
      ],
      ['plain.json', /^vottur: plain\.json is not a vottur JSON report: not JSON \(an unexpected character\)\n$/],
    ];
    for (const [file, line] of expected) {
      const result = await votturInProcess(['report', file, '--gate'], { cwd: repo });
      expect([file, result.code]).toEqual([file, 2]);
      expect(result.stderr).toMatch(line);
      expect(result.stderr + result.stdout).not.toContain('SECRET');
    }
  });
});

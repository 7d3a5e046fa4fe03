/**
 * Issue 34 (left from earlier attacks): a description path the command line names was read without
 * a bound: `vottur lint /dev/urandom` grew without end, a FIFO hung, and `vottur attest` read the
 * same way. Every local file of a description now goes through the one bounded reader
 * (src/runtime/safe-read.ts `readRegularFile`): a regular file of at most MAX_FILE_BYTES. A device or
 * a FIFO is one line and exit 2; a file over the bound, a `vottur-read-limit` finding.
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../src/lint/load.js';
import { vottur, votturInProcess } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-description-reader-'));
mkdirSync(join(dir, '.git'));
execFileSync('mkfifo', [join(dir, 'fifo.yaml')]);
writeFileSync(join(dir, 'key.pem'), generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const oneLine = (stderr: string) => stderr.trim().split('\n');

describe('a description the command line names is read bounded', () => {
  // A child process: were the bound gone, a device or a FIFO would hang or fill the process reading it.
  it.each([
    ['lint', '/dev/urandom', /^vottur: cannot read \/dev\/urandom: it is a device, not a regular file$/],
    ['lint', 'fifo.yaml', /^vottur: cannot read fifo\.yaml: it is a FIFO, not a regular file$/],
    ['attest', '/dev/zero', /^vottur: cannot read \/dev\/zero: it is a device, not a regular file$/],
  ])('vottur %s %s: one line, exit 2', async (command, file, line) => {
    const args = command === 'attest' ? ['--key', 'key.pem', '--output', 'out.json'] : [];
    const result = await vottur([command, file, ...args], { cwd: dir, timeoutMs: 20_000 });
    expect(result.code).toBe(2);
    expect(oneLine(result.stderr)).toEqual([expect.stringMatching(line)]);
  });

  // A bound reached is a finding on the description, not "could not run" (issue 34): test/cli/read-limit.test.ts.
  it('a file over the bound is refused before it is read (a sparse file: nothing is written to disk)', async () => {
    const big = join(dir, 'big.yaml');
    writeFileSync(big, 'openapi: 3.0.3\n');
    truncateSync(big, MAX_FILE_BYTES + 1);
    const result = await votturInProcess(['lint', 'big.yaml'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/vottur-read-limit {2}cannot read big\.yaml: it is 64 MB, over the limit of 64 MB\n/);
  });

  it('a file a $ref reaches is read through the same bound (the bundling walk reads without waiting)', async () => {
    const big = join(dir, 'part.yaml');
    writeFileSync(big, 'type: string\n');
    truncateSync(big, MAX_FILE_BYTES + 1);
    writeFileSync(
      join(dir, 'root.yaml'),
      [
        'openapi: 3.0.3',
        'info: { title: T, version: 1.0.0 }',
        'paths: {}',
        'components:',
        '  schemas:',
        '    Part: { $ref: "part.yaml" }',
        '',
      ].join('\n'),
    );
    const result = await votturInProcess(['lint', 'root.yaml', '--format', 'json'], { cwd: dir });
    expect(`${result.stdout}${result.stderr}`).toContain('cannot read part.yaml: it is 64 MB, over the limit of 64 MB');
    expect(result.code).not.toBe(0);
  });
});

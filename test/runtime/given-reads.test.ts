/**
 * Issue 34 (o34r15 item 3): files a user names that vottur read with a plain readFileSync now go
 * through the bounded reader (src/runtime/safe-read.ts): `serve --xroad --tls-cert` given a FIFO
 * hung, and `catalogue report` over a folder whose harvest.json is a link to /dev/zero read without
 * end. Each is one line and exit 2 now. Run in a child process with a kill timer: the old code hangs.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { vottur } from '../cli/run.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-given-reads-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));
mkdirSync(join(top, '.git'));
execFileSync('mkfifo', [join(top, 'cert.pem')]);
mkdirSync(join(top, 'harvest'));
symlinkSync('/dev/zero', join(top, 'harvest', 'harvest.json'));

describe('files a user names are read bounded', () => {
  it('serve --xroad --tls-cert given a FIFO: one line, exit 2, no hang', async () => {
    const result = await vottur(
      [
        'serve',
        '--xroad',
        '--port',
        '0',
        '--tls-cert',
        'cert.pem',
        '--tls-key',
        'cert.pem',
        '--tls-client-ca',
        'cert.pem',
      ],
      { cwd: top, timeoutMs: 15_000 },
    );
    expect(result.stderr).toMatch(/^vottur: cannot read --tls-cert cert\.pem: it is a FIFO, not a regular file/);
    expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(result.code).toBe(2);
  }, 20_000);

  it('catalogue report over a folder whose harvest.json leads to /dev/zero: one line, exit 2, no hang', async () => {
    const result = await vottur(['catalogue', 'report', 'harvest'], { cwd: top, timeoutMs: 15_000 });
    expect(result.stderr).toMatch(
      /^vottur: harvest is not a harvest: cannot read harvest\.json in harvest: it leads outside the repository .* through a symbolic link/,
    );
    expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(result.code).toBe(2);
  }, 20_000);
});

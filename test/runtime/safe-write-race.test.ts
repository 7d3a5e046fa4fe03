/**
 * The report writer (`--output`) goes through the one writer, and the one writer holds the
 * target's real folder while it writes (issue 34, attack r7 W11). Before, `writeReports` had its
 * own code path: a temporary name in `dirname(file)` as given, opened by path and renamed by path,
 * so a process swapping `out` for `out -> ../outside` during the run got whole reports (and stray
 * temporary files) written outside the repository. Now every file is staged in the folder held
 * open (`/proc/self/fd/<n>` on Linux names it whatever becomes of its name) and, before the
 * rename, the folder is asked again where it is.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commitStaged, stageFile } from '../../src/runtime/safe-write.js';
import { writeReports } from '../../src/run/output.js';
import type { Report } from '../../src/report/finding.js';
import { votturInProcess } from '../cli/run.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-write-race-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));

let count = 0;
function setUp(): { repo: string; outside: string } {
  count += 1;
  const repo = join(top, `repo-${count}`);
  const outside = join(top, `outside-${count}`);
  mkdirSync(join(repo, '.git'), { recursive: true });
  mkdirSync(join(repo, 'out'));
  mkdirSync(outside);
  return { repo, outside };
}

describe('the one writer while its folder is swapped', () => {
  it('a folder swapped for a link out between the write and the rename: the file stays in the real folder', () => {
    const { repo, outside } = setUp();
    const staged = stageFile(join(repo, 'out/r.json'), ['{"a":', '1}\n'], 'out/r.json', repo);
    renameSync(join(repo, 'out'), join(repo, 'out.real'));
    symlinkSync('../' + outside.split('/').pop(), join(repo, 'out'));
    commitStaged(staged);
    expect(readdirSync(outside)).toEqual([]);
    expect(readFileSync(join(repo, 'out.real/r.json'), 'utf8')).toBe('{"a":1}\n');
  });

  it('a folder moved out of the repository before the rename is refused, and nothing is left', (context) => {
    const { repo, outside } = setUp();
    const staged = stageFile(join(repo, 'out/r.json'), ['written\n'], 'out/r.json', repo);
    // Only where the held folder can be asked where it is now (Linux: /proc/self/fd).
    context.skip(!staged.folder.path.startsWith('/proc/'), 'no /proc/self/fd on this system');
    renameSync(join(repo, 'out'), join(outside, 'out'));
    expect(() => commitStaged(staged)).toThrow(
      /^cannot write out\/r\.json: it leads outside the repository \(to .*\/out\) through a symbolic link; .*nothing was written$/,
    );
    expect(readdirSync(join(outside, 'out'))).toEqual([]);
  });

  it('writeReports (--output) never writes outside while another process swaps the folder for a link', async () => {
    const { repo, outside } = setUp();
    const json = await votturInProcess(['lint', 'fixtures/conformant/catalogue-api.yaml', '-f', 'json']);
    const report = JSON.parse(json.stdout) as Report;
    const racer = spawn(
      process.execPath,
      [
        '-e',
        `const fs = require('node:fs'); process.chdir(process.argv[1]); const end = Date.now() + 3000;
         while (Date.now() < end) { try { fs.renameSync('out', 'out.real'); fs.symlinkSync(process.argv[2], 'out');
           fs.unlinkSync('out'); fs.renameSync('out.real', 'out'); } catch {} }`,
        repo,
        outside,
      ],
      { stdio: 'ignore' },
    );
    const done = new Promise((resolve) => racer.on('close', resolve));
    let writes = 0;
    const end = Date.now() + 3000;
    while (Date.now() < end) {
      try {
        await writeReports(report, [{ format: 'json', output: 'out/r.json', maxProblems: 0 }], {
          cwd: repo,
          showPii: false,
          color: false,
          stdout: () => {},
        });
        writes += 1;
      } catch {
        // Refused while the folder was a link: that is the point.
      }
    }
    await done;
    expect(writes).toBeGreaterThan(0);
    expect(readdirSync(outside)).toEqual([]);
  }, 30_000);
});

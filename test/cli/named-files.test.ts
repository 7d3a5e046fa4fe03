/**
 * Files a configuration or an option names (configuration, baseline, accept file, data file) are
 * read only as regular files inside the repository (or the working folder without one), of at
 * most 16 MB; a refusal is one line and exit 2 that never quotes the file. Configuration discovery
 * stops at the repository root, or the working folder.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { votturInProcess } from './run.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-named-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));

const DESCRIPTION = [
  'openapi: 3.0.3',
  'info: { title: Named files, version: 1.0.0 }',
  'paths:',
  '  /v1/things:',
  '    get:',
  '      responses:',
  "        '200': { description: ok }",
  '',
].join('\n');

let repo: string;
let count = 0;
beforeEach(() => {
  // A repository of its own for each test: a `.git` folder marks its root.
  repo = join(top, `repo-${count++}`);
  mkdirSync(join(repo, '.git'), { recursive: true });
  writeFileSync(join(repo, 'api.yaml'), DESCRIPTION);
});

/** One line on standard error, exit 2, quickly. */
function expectRefused(result: { code: number | null; stderr: string }, pattern: RegExp): void {
  expect(result.code).toBe(2);
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(pattern);
}

describe('files a configuration names', () => {
  it('baseline: /dev/zero is refused at once, not read', async () => {
    writeFileSync(join(repo, 'vottur.config.yaml'), 'baseline: /dev/zero\n');
    const result = await votturInProcess(['lint', 'api.yaml'], { cwd: repo, timeoutMs: 20_000 });
    expectRefused(result, /^vottur: cannot read the baseline \/dev\/zero: it is outside the repository/);
  });

  it('baseline: /proc/self/environ does not print the environment', async () => {
    writeFileSync(join(repo, 'vottur.config.yaml'), 'baseline: /proc/self/environ\n');
    const result = await votturInProcess(['lint', 'api.yaml'], {
      cwd: repo,
      env: { VOTTUR_TEST_SECRET: 'hunter2-secret' },
    });
    expectRefused(result, /cannot read the baseline \/proc\/self\/environ: it is outside the repository/);
    expect(result.stderr).not.toContain('hunter2');
    expect(result.stderr).not.toContain('PATH=');
  });

  it('a baseline inside the repository that is not JSON is named by position, never quoted', async () => {
    writeFileSync(join(repo, 'secret.txt'), 'PATH=/usr/bin\nTOKEN=hunter2-secret\n');
    const result = await votturInProcess(['lint', 'api.yaml', '--baseline', 'secret.txt'], { cwd: repo });
    expectRefused(result, /the baseline secret\.txt is not valid JSON/);
    expect(result.stderr).not.toMatch(/PATH|hunter2/);
  });

  it('a baseline that is a FIFO does not hang the run', async () => {
    execFileSync('mkfifo', [join(repo, 'baseline.json')]);
    const result = await votturInProcess(['lint', 'api.yaml', '--baseline', 'baseline.json'], {
      cwd: repo,
      timeoutMs: 20_000,
    });
    expectRefused(result, /cannot read the baseline baseline\.json: it is a FIFO, not a regular file/);
  });

  it('a baseline over 16 MB is refused without reading it', async () => {
    writeFileSync(join(repo, 'big.json'), '');
    truncateSync(join(repo, 'big.json'), 17 * 1024 * 1024);
    const result = await votturInProcess(['lint', 'api.yaml', '--baseline', 'big.json'], { cwd: repo });
    expectRefused(result, /cannot read the baseline big\.json: it is 17 MB, over the limit of 16 MB/);
  });

  it('a configuration that is a symbolic link to /dev/zero is refused at once', async () => {
    symlinkSync('/dev/zero', join(repo, 'vottur.config.yaml'));
    const result = await votturInProcess(['lint', 'api.yaml'], { cwd: repo, timeoutMs: 20_000 });
    expectRefused(result, /cannot read the configuration vottur\.config\.yaml: it is outside the repository/);
  });

  it('a configuration that is a symbolic link to a file outside the repository is refused', async () => {
    writeFileSync(join(top, 'outside.yaml'), 'rules: {}\n');
    symlinkSync(join(top, 'outside.yaml'), join(repo, 'vottur.config.yaml'));
    const result = await votturInProcess(['lint', 'api.yaml'], { cwd: repo });
    expectRefused(result, /cannot read the configuration vottur\.config\.yaml: it is outside the repository/);
  });

  it('--update-baseline does not write outside the repository', async () => {
    const outside = join(top, `written-${count}.json`);
    writeFileSync(join(repo, 'vottur.config.yaml'), `baseline: ${outside}\n`);
    const result = await votturInProcess(['lint', 'api.yaml', '--update-baseline'], { cwd: repo });
    expectRefused(result, /cannot write the baseline .*: it is outside the repository/);
    expect(existsSync(outside)).toBe(false);
  });

  it('--update-baseline inside the repository still works', async () => {
    const result = await votturInProcess(['lint', 'api.yaml', '--update-baseline'], { cwd: repo });
    expect(result.stderr).toMatch(/wrote vottur-baseline\.json/);
    expect(JSON.parse(readFileSync(join(repo, 'vottur-baseline.json'), 'utf8')).vottur).toBe('baseline');
  });

  it('contract.data that is not data never prints its keys', async () => {
    writeFileSync(join(repo, 'creds.yaml'), 'AWS_SECRET_ACCESS_KEY_hunter2: abc\n');
    writeFileSync(join(repo, 'vottur.config.yaml'), 'contract:\n  data: creds.yaml\n');
    const result = await votturInProcess(['test', 'api.yaml', '--server', 'http://127.0.0.1:9'], { cwd: repo });
    expectRefused(result, /creds\.yaml: entry 1 of the top level must be a mapping/);
    expect(result.stderr).not.toContain('hunter2');
  });

  it('contract.data outside the repository is refused', async () => {
    writeFileSync(join(repo, 'vottur.config.yaml'), 'contract:\n  data: /etc/passwd\n');
    const result = await votturInProcess(['test', 'api.yaml', '--server', 'http://127.0.0.1:9'], { cwd: repo });
    expectRefused(result, /cannot read the --data file \/etc\/passwd: it is outside the repository/);
    expect(result.stderr).not.toContain('root:');
  });

  it('--accept outside the repository is refused', async () => {
    writeFileSync(join(top, 'accept.yaml'), '[]\n');
    const result = await votturInProcess(['diff', 'api.yaml', 'api.yaml', '--accept', join(top, 'accept.yaml')], {
      cwd: repo,
    });
    expectRefused(result, /cannot read the accept file .*: it is outside the repository/);
  });
});

describe('configuration discovery', () => {
  it('stops at the working folder when there is no repository: a configuration above it is not used', async () => {
    const outer = mkdtempSync(join(top, 'plain-'));
    const work = join(outer, 'work');
    mkdirSync(work);
    writeFileSync(join(work, 'api.yaml'), DESCRIPTION);
    // Every rule off, one folder up: a configuration nobody in this folder wrote.
    writeFileSync(join(outer, 'vottur.config.yaml'), 'baseline: /dev/zero\n');
    const result = await votturInProcess(['lint', 'api.yaml', '--format', 'json'], { cwd: work });
    expect(result.stderr).not.toMatch(/baseline/);
    expect(result.code).toBe(1);
  });

  it('stops at the repository root', async () => {
    const inner = join(repo, 'apis');
    mkdirSync(inner);
    writeFileSync(join(inner, 'api.yaml'), DESCRIPTION);
    writeFileSync(join(top, 'vottur.config.yaml'), 'baseline: /dev/zero\n');
    const result = await votturInProcess(['lint', 'apis/api.yaml'], { cwd: repo });
    expect(result.stderr).not.toMatch(/baseline/);
    rmSync(join(top, 'vottur.config.yaml'));
  });
});

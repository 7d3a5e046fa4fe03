/**
 * A harvest that fails removes what it made, and only that (attack o34r10 B6): `catalogue harvest
 * --out victim` refused a folder that held files, or a file, and its clean-up then removed the
 * folder whole, the file, or with `--out .` the working folder. Over the CLI, in-process, against
 * a security server that cannot be reached (the failure comes before any request is answered).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';
import { CLIENT } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-harvest-kept-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// Port 9 (discard) on this machine: nothing listens, the connection is refused at once.
const UNREACHABLE = 'http://127.0.0.1:9';

async function harvest(out: string, cwd = dir) {
  return votturInProcess(
    ['catalogue', 'harvest', UNREACHABLE, '--xroad-client', CLIENT, '--out', out, '--timeout', '2000'],
    {
      cwd,
    },
  );
}

describe('a failed harvest leaves what was there', () => {
  it('keeps a folder that holds files, and every file in it', async () => {
    mkdirSync(join(dir, 'victim/sub'), { recursive: true });
    writeFileSync(join(dir, 'victim/precious.txt'), 'keep');
    writeFileSync(join(dir, 'victim/sub/more.txt'), 'keep');
    const result = await harvest('victim');
    expect(result.code).toBe(2);
    expect(readFileSync(join(dir, 'victim/precious.txt'), 'utf8')).toBe('keep');
    expect(readFileSync(join(dir, 'victim/sub/more.txt'), 'utf8')).toBe('keep');
  });

  it('keeps a file named as the folder', async () => {
    writeFileSync(join(dir, 'victim.txt'), 'keep');
    const result = await harvest('victim.txt');
    expect(result.code).toBe(2);
    expect(readFileSync(join(dir, 'victim.txt'), 'utf8')).toBe('keep');
  });

  it('keeps the working folder given as --out .', async () => {
    const work = join(dir, 'work');
    mkdirSync(work);
    writeFileSync(join(work, 'api.yaml'), 'openapi: 3.0.3\n');
    const result = await harvest('.', work);
    expect(result.code).toBe(2);
    expect(readdirSync(work)).toEqual(['api.yaml']);
  });

  it('keeps an empty folder it was given, and makes none when the server cannot be reached', async () => {
    mkdirSync(join(dir, 'empty'));
    expect((await harvest('empty')).code).toBe(2);
    expect(readdirSync(join(dir, 'empty'))).toEqual([]);
    expect((await harvest('new/harvest')).code).toBe(2);
    expect(existsSync(join(dir, 'new'))).toBe(false);
  });
});

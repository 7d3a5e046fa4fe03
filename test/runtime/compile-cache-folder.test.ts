/**
 * The compile cache holds code that runs: it lives in the user's cache folder (XDG), `0700`, and is
 * used only when the user owns it; never at a fixed path in the shared temp folder.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheRoot, ownPrivateFolder } from '../../src/runtime/compile-cache.js';
import { vottur } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-cache-home-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the compile cache folder', () => {
  it('is $XDG_CACHE_HOME/vottur/compile-cache, else ~/.cache/vottur/compile-cache', () => {
    expect(cacheRoot({ XDG_CACHE_HOME: '/x/cache' })).toBe('/x/cache/vottur/compile-cache');
    expect(cacheRoot({ XDG_CACHE_HOME: 'relative', VOTTUR_COMPILE_CACHE_DIR: '/y' })).toBe('/y');
    expect(cacheRoot({})).toMatch(/\.cache\/vottur\/compile-cache$/);
  });

  it('a run makes it, 0700, in the user cache folder and not in the temp folder', async () => {
    const xdg = join(dir, 'xdg');
    const result = await vottur(['lint', 'test/report/fixtures/user-profile.yaml'], {
      env: { XDG_CACHE_HOME: xdg, VOTTUR_COMPILE_CACHE_DIR: '' },
    });
    expect(result.code).toBe(1);
    const folder = join(xdg, 'vottur', 'compile-cache');
    expect(existsSync(folder)).toBe(true);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(readdirSync(folder).length).toBeGreaterThan(0);
  });

  it('a folder open to others is made private; a link or a file is not used', () => {
    const open = join(dir, 'open');
    mkdirSync(open, { mode: 0o777 });
    chmodSync(open, 0o777);
    expect(ownPrivateFolder(open)).toBe(true);
    expect(statSync(open).mode & 0o777).toBe(0o700);
    const link = join(dir, 'link');
    symlinkSync(open, link);
    expect(ownPrivateFolder(link)).toBe(false);
  });
});

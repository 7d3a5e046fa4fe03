/**
 * `vottur --version` and `vottur --help` load only what they need: no command's module (Spectral,
 * the contract tester, the web server). Checked by recording every module the run resolves, not by
 * timing it (speed is measured by hand; figures in the README's performance notes).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { vottur } from './run.js';

/** The command modules a run loaded, by name: `commands/lint.js` unbundled, `command-lint.js` in the bundle (scripts/bundle-cli.mjs). */
function commandModules(urls: string[]): string[] {
  return urls.flatMap((url) => {
    const match = /\/cli\/(?:commands\/|command-)([\w-]+\.js)$/.exec(url);
    return match ? [match[1]] : [];
  });
}

async function loaded(args: string[]) {
  const log = join(mkdtempSync(join(tmpdir(), 'vottur-imports-')), 'imports.txt');
  const result = await vottur(args, {
    env: {
      NODE_OPTIONS: `--import=${pathToFileURL(join(import.meta.dirname, 'fixtures/record-imports.mjs')).href}`,
      VOTTUR_IMPORT_LOG: log,
    },
  });
  const urls = readFileSync(log, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith('file:'));
  // The recorder works: the entry point itself is in the list.
  expect(urls.some((url) => url.endsWith('/cli/main.js'))).toBe(true);
  return { result, urls };
}

describe('start-up', () => {
  it('--version reads the version and loads no command and no dependency', async () => {
    const { result, urls } = await loaded(['--version']);
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect(result.code).toBe(0);
    expect(urls.filter((url) => url.includes('/node_modules/'))).toEqual([]);
    expect(commandModules(urls)).toEqual([]);
  });

  it('--help lists every command without loading any command module', async () => {
    const { result, urls } = await loaded(['--help']);
    for (const command of ['check', 'lint', 'test', 'report', 'rules', 'serve'])
      expect(result.stdout).toMatch(new RegExp(`^  ${command} \\[options\\]`, 'm'));
    expect(result.stdout).toMatch(/^ {2}lint \[options\] <files\.\.\.>/m);
    expect(commandModules(urls)).toEqual([]);
    expect(urls.filter((url) => url.includes('/node_modules/') && !url.includes('/node_modules/commander/'))).toEqual(
      [],
    );
  });

  it('<command> --help loads that command only, and shows its options', async () => {
    const { result, urls } = await loaded(['rules', '--help']);
    expect(result.stdout).toMatch(/--format/);
    expect(commandModules(urls)).toEqual(['rules.js']);
  });
});

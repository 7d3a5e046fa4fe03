/**
 * Every writer goes through the one writer (src/runtime/safe-write.ts), which refuses a path
 * inside the repository that leads out of it (issue 34, attack r5 C6): `attest -o`, `bundle -o`
 * and `lint --fix-overlay` through a committed symbolic link `out -> ../outside` are refused in one
 * line, exit 2, and nothing is written outside. A path outside the repository named outright is
 * still the operator's to give.
 */
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess } from './run.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-writers-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));
const repo = join(top, 'repo');
const outside = join(top, 'outside');
const key = join(top, 'key.pem');
mkdirSync(join(repo, '.git'), { recursive: true });
mkdirSync(outside);
// A description with a fix to offer (a property not in camelCase), so --fix-overlay has something to write.
writeFileSync(
  join(repo, 'api.yaml'),
  [
    'openapi: 3.0.3',
    'info: { title: Writers, version: 1.0.0 }',
    'paths:',
    '  /v1/things:',
    '    get:',
    '      responses:',
    "        '200':",
    '          description: ok',
    '          content:',
    '            application/json:',
    '              schema:',
    '                type: object',
    '                properties:',
    '                  first_name: { type: string }',
    '',
  ].join('\n'),
);
symlinkSync('../outside', join(repo, 'out'));
writeFileSync(key, generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }));

describe('writers stay inside the repository', () => {
  it.each([
    ['attest -o', ['attest', 'api.yaml', '--no-config', '--key', key, '-o', 'out/a.intoto.json'], 'out/a.intoto.json'],
    ['bundle -o', ['bundle', 'api.yaml', '-o', 'out/b.yaml'], 'out/b.yaml'],
    ['lint --fix-overlay', ['lint', 'api.yaml', '--no-config', '--fix-overlay', 'out/fo.yaml'], 'out/fo.yaml'],
  ])('%s through a committed link out of the repository is refused', async (_name, args, shown) => {
    const result = await votturInProcess(args, { cwd: repo, timeoutMs: 60_000 });
    expect(result.stderr).toMatch(
      new RegExp(
        `^vottur: cannot write ${shown.replace('.', '\\.')}: it leads outside the repository \\(to .*\\) through a symbolic link; .*nothing was written\n$`,
      ),
    );
    expect(result.code).toBe(2);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('a path outside the repository named outright is written', async () => {
    const result = await votturInProcess(['bundle', 'api.yaml', '-o', join(outside, 'named.yaml')], {
      cwd: repo,
      timeoutMs: 60_000,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(join(outside, 'named.yaml'))).toBe(true);
    rmSync(join(outside, 'named.yaml'));
  });
});

/**
 * `vottur bundle` as a user runs it: the bundle on standard output or in --output, its size against
 * the security server's limit on standard error; a refused `$ref` is one line, exit 2, no file.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { ROOT, votturInProcess } from './run.js';

const FIXTURE = join(ROOT, 'fixtures/loading/multi/openapi.yaml');

describe('vottur bundle', () => {
  it('writes the bundle to --output (JSON by its extension) and its size against the 10 MiB limit on stderr', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-bundle-cli-'));
    const output = join(dir, 'bundled.json');
    const result = await votturInProcess(['bundle', FIXTURE, '--output', output]);
    expect(result.stderr).toMatch(
      /^vottur: wrote .*bundled\.json from 3 files: 0\.00 MiB \(\d+ characters\), within the X-Road security server's limit of 10\.00 MiB \(10485760 characters\)\n$/,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    const written = JSON.parse(readFileSync(output, 'utf8'));
    expect(written.components.schemas.User.description).toBe('A user.');
    const size = readFileSync(output, 'utf8').length;
    expect(result.stderr).toContain(`(${size} characters)`);
  });

  it('writes YAML to standard output by default (the root is YAML)', async () => {
    const result = await votturInProcess(['bundle', FIXTURE]);
    expect(result.code).toBe(0);
    expect(parseYaml(result.stdout).paths['/v1/users/{userId}'].get.description).toBe('Fetches one user.');
  });

  it('refuses a $ref outside the folder: one line, exit 2, nothing written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vottur-bundle-cli-'));
    mkdirSync(join(dir, 'api'));
    writeFileSync(join(dir, 'outside.yaml'), 'type: string\n');
    writeFileSync(
      join(dir, 'api/openapi.yaml'),
      "openapi: 3.0.3\ninfo: { title: t, version: 1.0.0 }\npaths: {}\ncomponents:\n  schemas:\n    Leak:\n      $ref: '../outside.yaml'\n",
    );
    const output = join(dir, 'bundled.yaml');
    const result = await votturInProcess(['bundle', join(dir, 'api/openapi.yaml'), '-o', output]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^vottur: cannot bundle: at \/components\/schemas\/Leak\/\$ref: .*outside the description's folder.*nothing was written\n$/,
    );
    expect(result.stdout).toBe('');
    expect(existsSync(output)).toBe(false);
  });
});

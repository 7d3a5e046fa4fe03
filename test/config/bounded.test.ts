/**
 * A configuration cannot stall a run: override globs are matched in linear time (RE2) and bounded
 * in length and count; vocabulary lists are bounded, and added in linear time.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { linearGlobMatcher, withoutLookarounds } from '../../src/runtime/glob.js';
import { votturInProcess } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-bounded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const NAME = `${'a'.repeat(40)}.yaml`;
mkdirSync(join(dir, '.git'));
mkdirSync(join(dir, 'a'));
writeFileSync(
  join(dir, 'a', NAME),
  [
    'openapi: 3.0.3',
    'info: { title: Bounded, version: 1.0.0 }',
    'paths:',
    '  /v1/things:',
    '    get:',
    '      responses:',
    "        '200': { description: ok }",
    '',
  ].join('\n'),
);

describe('override globs', () => {
  it('a glob that backtracks for minutes in a JavaScript RegExp is matched at once', async () => {
    const plain = JSON.parse(
      (await votturInProcess(['lint', `a/${NAME}`, '--format', 'json'], { cwd: dir })).stdout,
    ) as {
      findings: Array<{ ruleId: string }>;
    };
    const rules = Object.fromEntries([...new Set(plain.findings.map((f) => f.ruleId))].map((id) => [id, 'off']));
    writeFileSync(
      join(dir, 'vottur.config.yaml'),
      stringify({ overrides: [{ files: [`a/${'@(*a)'.repeat(28)}`], rules }] }),
    );
    const started = Date.now();
    const result = await votturInProcess(['lint', `a/${NAME}`, '--format', 'json'], { cwd: dir, timeoutMs: 60_000 });
    expect(result.code).toBe(1);
    expect(Date.now() - started).toBeLessThan(30_000);
    rmSync(join(dir, 'vottur.config.yaml'));
  });

  it('matches as picomatch does for the globs people write', () => {
    const match = (glob: string, path: string) => linearGlobMatcher(glob, 'test')(path);
    expect(match('apis/**/*.yaml', 'apis/v1/users.yaml')).toBe(true);
    expect(match('apis/**/*.yaml', 'apis/users.yaml')).toBe(true);
    expect(match('apis/**/*.yaml', 'other/users.yaml')).toBe(false);
    expect(match('**/legacy/*.yaml', 'x/legacy/a.yaml')).toBe(true);
    expect(match('*.{yaml,yml}', 'a.yml')).toBe(true);
    expect(match('*.{yaml,yml}', 'dir/a.yml')).toBe(false);
    expect(match('.hidden/*.yaml', '.hidden/a.yaml')).toBe(true);
    expect(withoutLookarounds('a(?!(?:b|\\()c)d(?=.)e')).toBe('ade');
  });

  it('a glob over 512 characters is refused in one line', async () => {
    writeFileSync(
      join(dir, 'vottur.config.yaml'),
      stringify({ overrides: [{ files: [`a/${'*'.repeat(600)}`], rules: { 'platform-operation-summary': 'off' } }] }),
    );
    const result = await votturInProcess(['lint', `a/${NAME}`], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^vottur: vottur\.config\.yaml: `overrides\.0\.files\.0` must NOT have more than 512 characters/,
    );
    rmSync(join(dir, 'vottur.config.yaml'));
  });
});

describe('vocabulary', () => {
  it('200,000 aliases are refused in one line, at once', async () => {
    const aliases = Array.from({ length: 200_000 }, (_, i) => `alias${i}`);
    writeFileSync(join(dir, 'vottur.config.json'), JSON.stringify({ vocabulary: { nationalIdAliases: aliases } }));
    const started = Date.now();
    const result = await votturInProcess(['lint', `a/${NAME}`], { cwd: dir, timeoutMs: 60_000 });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/`vocabulary\.nationalIdAliases` must NOT have more than 1000 items/);
    expect(Date.now() - started).toBeLessThan(20_000);
    rmSync(join(dir, 'vottur.config.json'));
  });
});

/**
 * `--update-baseline` with a target outside the repository is refused the same way whether a
 * file is there or not (issue 34, an outside attack): an existing target was refused as "cannot
 * read the baseline", a missing one as "cannot write the baseline". Now both are one line, exit 2,
 * the same words, and nothing outside is written or changed.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess as vottur } from '../cli/run.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-baseline-outside-'));
const repo = join(top, 'repo');
const outside = join(top, 'outside');
mkdirSync(join(repo, '.git'), { recursive: true });
mkdirSync(outside);
writeFileSync(join(repo, 'api.yaml'), 'openapi: 3.0.3\ninfo: {title: T, version: "1.0.0"}\npaths: {}\n');
const EXISTING = '{"vottur":"baseline","version":1,"entries":[]}\n';
writeFileSync(join(outside, 'exists.json'), EXISTING);
afterAll(() => rmSync(top, { recursive: true, force: true }));

describe('--update-baseline to a file outside the repository', () => {
  it('is refused in one line, exit 2, the same whether the target exists or not', async () => {
    const existing = await vottur(['lint', 'api.yaml', '--update-baseline', '--baseline', '../outside/exists.json'], {
      cwd: repo,
    });
    const missing = await vottur(['lint', 'api.yaml', '--update-baseline', '--baseline', '../outside/missing.json'], {
      cwd: repo,
    });
    for (const result of [existing, missing]) {
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.split('\n')).toHaveLength(2);
    }
    const refusal = (name: string) =>
      `vottur: cannot write the baseline ../outside/${name}: it is outside the repository (${repo}); name a file inside it; nothing was written\n`;
    expect(existing.stderr).toBe(refusal('exists.json'));
    expect(missing.stderr).toBe(refusal('missing.json'));
    expect(readFileSync(join(outside, 'exists.json'), 'utf8')).toBe(EXISTING);
    expect(existsSync(join(outside, 'missing.json'))).toBe(false);
  });
});

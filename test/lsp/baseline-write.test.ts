/**
 * The language server's "add to the baseline" action writes the baseline the configuration names
 * as `--update-baseline` does: never through a committed link to a folder outside the repository
 * (issue 34, the C6 class, in the editor).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addToBaseline } from '../../src/lsp/handlers/actions.js';
import type { Finding } from '../../src/report/finding.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-lsp-baseline-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));

const finding = {
  ruleId: 'platform-info-x-category',
  document: 'api.yaml',
  pointer: '/info',
  path: ['info'],
  message: 'm',
  severity: 'error',
  fingerprint: 'abc',
} as unknown as Finding;

describe('add to the baseline from the editor', () => {
  it('refuses a baseline behind a link to a folder outside the repository, and writes nothing there', async () => {
    const repository = join(top, 'repo');
    const outside = join(top, 'outside');
    mkdirSync(join(repository, '.git'), { recursive: true });
    mkdirSync(outside);
    symlinkSync(outside, join(repository, 'out'));
    await expect(addToBaseline(join(repository, 'out', 'baseline.json'), finding, repository)).rejects.toThrow(
      /outside the repository/,
    );
    expect(readdirSync(outside)).toEqual([]);
  });

  it('writes a baseline inside the repository (the control)', async () => {
    const repository = join(top, 'repo2');
    mkdirSync(join(repository, '.git'), { recursive: true });
    await addToBaseline(join(repository, 'baseline.json'), finding, repository);
    expect(existsSync(join(repository, 'baseline.json'))).toBe(true);
  });
});

/**
 * A real editor as the client: Debian's Neovim, headless, opens a description, waits for vottur's
 * diagnostics, applies the quick fix for one of them and saves (test/lsp/nvim/quick-fix.lua).
 * Under CI=true a missing Neovim fails the test (.ci/run installs it); elsewhere it is skipped,
 * saying why.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT } from '../cli/run.js';

const NVIM = process.env.NVIM_PATH ?? '/usr/bin/nvim';
const HAS_NVIM = existsSync(NVIM);
const RUN = HAS_NVIM || process.env.CI === 'true';
const TITLE = RUN
  ? 'Neovim as the client'
  : `Neovim as the client (SKIPPED: no Neovim at ${NVIM}; apt-get install -y neovim)`;

describe.runIf(RUN)(TITLE, () => {
  it('opens a description, shows its diagnostics, applies a quick fix and saves the fixed file', () => {
    expect(HAS_NVIM, `Neovim is not installed at ${NVIM}; apt-get install -y neovim`).toBe(true);
    const folder = mkdtempSync(join(tmpdir(), 'vottur-nvim-'));
    try {
      writeFileSync(join(folder, '.git'), '');
      const file = join(folder, 'api.yaml');
      copyFileSync(join(ROOT, 'fixtures/fix/platform-info-x-category/variants.yaml'), file);
      const resultFile = join(folder, 'result.json');
      const run = spawnSync(
        NVIM,
        [
          '--headless',
          '--clean',
          '-n',
          '-i',
          'NONE',
          '-c',
          `luafile ${join(import.meta.dirname, 'nvim/quick-fix.lua')}`,
          file,
        ],
        {
          cwd: folder,
          env: {
            ...process.env,
            VOTTUR_NVIM_RESULT: resultFile,
            VOTTUR_NVIM_RULE: 'platform-info-x-category',
            VOTTUR_NODE: process.execPath,
            VOTTUR_CLI: CLI,
          },
          timeout: 90_000,
          encoding: 'utf8',
        },
      );
      expect(existsSync(resultFile), `Neovim wrote no result (exit ${run.status}): ${run.stderr}`).toBe(true);
      const result = JSON.parse(readFileSync(resultFile, 'utf8')) as {
        steps: string[];
        error?: string;
        applied?: string;
        titles?: string[];
        before?: number;
        after?: number;
      };
      expect(result.error).toBeUndefined();
      expect(result.steps).toEqual(['diagnostics', 'applied', 'cleared']);
      expect(result.applied).toBe('Write `x-category: [official, open]` (documentation only)');
      expect(result.titles).toContain('Suppress platform-info-x-category here, with a reason');
      expect(result.after).toBeLessThan(result.before!);
      expect(readFileSync(file, 'utf8')).toBe(
        readFileSync(join(ROOT, 'fixtures/fix/platform-info-x-category/variants.fixed.yaml'), 'utf8'),
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});

if (!RUN) {
  describe(TITLE, () => {
    it.skip('is skipped: no Neovim (apt-get install -y neovim), and CI is not set', () => undefined);
  });
}

/**
 * Where the shared corpus of real descriptions is (`shared/corpus`, beside the repository, not in
 * it): `VOTTUR_CORPUS` if set, else the first `shared/corpus` found walking up from the repository
 * (so a worktree under /work/wt/<name> finds /work/shared/corpus as /work/main does). Where it is
 * absent, the tests that need it are skipped with a name that says so, not silently.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { it } from 'vitest';
import { QUICK, QUICK_SKIP_REASON } from './suites.js';

const ROOT = resolve(import.meta.dirname, '..');

function findCorpus(): string | undefined {
  if (process.env.VOTTUR_CORPUS)
    return existsSync(process.env.VOTTUR_CORPUS) ? resolve(process.env.VOTTUR_CORPUS) : undefined;
  for (let dir = dirname(ROOT); ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'corpus');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The corpus folder, or undefined when there is none (or in `npm run test:quick`, which leaves it out). */
export const CORPUS_DIR = QUICK ? undefined : findCorpus();

const MISSING = QUICK
  ? QUICK_SKIP_REASON
  : '(SKIPPED: no shared/corpus beside the repository; set VOTTUR_CORPUS to its folder)';

/** `title`, or `title` with the reason it is skipped when the corpus is absent. */
export function corpusTitle(title: string): string {
  return CORPUS_DIR ? title : `${title} ${MISSING}`;
}

/** Inside a `describe.skipIf(!CORPUS_DIR)`: one skipped test whose name says why, where the corpus is absent. */
export function reportMissingCorpus(): void {
  if (!CORPUS_DIR) it(`is skipped ${MISSING}`, () => undefined);
}

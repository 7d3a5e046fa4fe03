/**
 * The shared corpus the benchmarks read: `VOTTUR_CORPUS` if set, else the first `shared/corpus`
 * found walking up from the repository (a worktree under /work/wt/<name> finds /work/shared/corpus
 * as /work/main does), as test/corpus.ts finds it for the tests. Its own path when absent.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export function findCorpus(root: string): string {
  if (process.env.VOTTUR_CORPUS) return resolve(process.env.VOTTUR_CORPUS);
  for (let dir = dirname(root); ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'corpus');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return join(root, '../shared/corpus');
  }
}

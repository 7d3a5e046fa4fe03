/**
 * The order test files start in (vitest.config.ts's `sequence.sequencer`). Vitest runs the files
 * that failed last time first, then the longest by its record of the last run
 * (node_modules/.vite/vitest/…/results.json). A fresh clone has no record, and Vitest then starts
 * the larger files first: the seven-line files that run the reference fault table (about 20 s of
 * CPU each) start last, and the run waits for them with one core idle (issue 35). Without a record
 * of every file, the files test/suites.ts names as the longest start first, longest first; the
 * rest follow in Vitest's order.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { LONGEST_FILES } from './suites.js';

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const path = (file: TestSpecification) => relative(this.ctx.config.root, file.moduleId).replaceAll('\\', '/');
    const recorded = (file: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${file.project.name}:${path(file)}`) !== undefined;
    if (ordered.every(recorded)) return ordered;
    return longestFirst(ordered, path);
  }
}

/** `ordered` with the files LONGEST_FILES names first, longest first; the others keep their order. */
export function longestFirst<T>(ordered: readonly T[], path: (file: T) => string): T[] {
  const seconds = (file: T) => LONGEST_FILES[path(file)];
  const listed = ordered.filter((file) => seconds(file) !== undefined);
  listed.sort((a, b) => (seconds(b) ?? 0) - (seconds(a) ?? 0));
  return [...listed, ...ordered.filter((file) => seconds(file) === undefined)];
}

/**
 * The lint library's public face. `lintFiles` (many documents, shards, the worker pool) lives in
 * `files.ts`, which loads the rules only when it lints in this thread; `lintDocument` and the rest
 * live in `lint.ts`.
 */
export {
  createLinter,
  lintDocument,
  platformRulesetLinter,
  type Linter,
  type LintDocumentOptions,
  type LintedDocument,
} from './lint.js';
export { expandPatterns, lintFiles } from './files.js';
export { loadDescription, type LoadedDescription, type LoadOptions } from './load.js';

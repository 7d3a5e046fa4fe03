/**
 * The lint library's public face. `lintFiles` (many documents, shards, the worker pool) lives in
 * `files.ts`, which loads the rules only when it lints in this thread; `lintDocument` and the rest
 * live in `lint.ts`.
 */
export {
  createLinter,
  lintDocument,
  nativeLinter,
  platformRulesetLinter,
  type Linter,
  type LintDocumentOptions,
  type LintedDocument,
} from './lint.js';
export { runRules, type RuleResult } from './engine.js';
export {
  expandPatterns,
  inShard,
  lintFiles,
  parseShard,
  poolSize,
  TimingCollector,
  type LintFilesOptions,
  type Shard,
} from './files.js';
export { loadDescription, type LoadedDescription, type LoadOptions } from './load.js';

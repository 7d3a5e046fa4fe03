/**
 * A lint worker thread (piscina): lints one document per task with the platform ruleset, made
 * once per thread, and sends back the findings (never the parsed document, so the main thread
 * holds only results). Runs from the built `dist/src/lint/worker.js`.
 */
import { ruleTiming, type TimingEntry } from '../../rulesets/lib/timing.js';
import { CouldNotRunError, LimitError } from '../errors.js';
import type { RuleMeta } from '../report/finding.js';
import { enableCompileCache, flushCompileCache } from '../runtime/compile-cache.js';
import type { LintedDocument } from './lint.js';
import type { ExtendsSetting } from './extends.js';
import type { VocabularyAdditions } from '../../rulesets/lib/vocabulary.js';
import { RunBudget, type RunBudgetState } from './fetch.js';

// Before the rules load: compiled code cached on disk.
enableCompileCache('lint-worker');
const lint = import('./lint.js');
let flushed = false;

export interface LintTask {
  /** Absolute path of the document. */
  file: string;
  cwd: string;
  allowRemoteRefs?: boolean;
  remoteTimeoutMs?: number;
  /** The run's fetch budget, shared with the main thread and the other workers. */
  budget?: RunBudgetState;
  timing: boolean;
  vocabulary?: VocabularyAdditions;
  extends?: ExtendsSetting;
  skip?: string[];
}

export type LintTaskResult =
  | { linted: LintedDocument; rules: RuleMeta[]; timing?: TimingEntry[] }
  /** A failure travels as data: errors lose their class between threads. */
  /**
   * `ofRun`: not this document's problem but the run's (a ruleset the configuration extends cannot be loaded).
   * `limit`: the document reached a bound on reading it (a `LimitError`): a finding, not a failure.
   */
  | { failure: { message: string; couldNotRun: boolean; ofRun?: boolean; limit?: boolean } };

export default async function lintTask(task: LintTask): Promise<LintTaskResult> {
  try {
    const { lintDocument, platformRulesetLinter } = await lint;
    let linter = await platformRulesetLinter();
    if (task.extends) {
      try {
        linter = await (await import('./extends.js')).withExtended(linter, task.extends);
      } catch (error) {
        return {
          failure: {
            message: error instanceof Error ? error.message : String(error),
            couldNotRun: error instanceof CouldNotRunError,
            ofRun: true,
          },
        };
      }
    }
    ruleTiming.enabled = task.timing;
    ruleTiming.reset();
    const linted = await lintDocument(task.file, {
      cwd: task.cwd,
      linter,
      allowRemoteRefs: task.allowRemoteRefs,
      remoteTimeoutMs: task.remoteTimeoutMs,
      ...(task.budget ? { budget: RunBudget.from(task.budget) } : {}),
      ...(task.vocabulary ? { vocabulary: task.vocabulary } : {}),
      ...(task.skip ? { skip: task.skip } : {}),
    });
    if (!flushed) {
      // Everything a task needs is compiled by now; piscina terminates workers without an 'exit' event.
      flushed = true;
      flushCompileCache();
    }
    return { linted, rules: linter.rules, ...(task.timing ? { timing: ruleTiming.entries() } : {}) };
  } catch (error) {
    return {
      failure: {
        message: error instanceof Error ? error.message : String(error),
        couldNotRun: error instanceof CouldNotRunError,
        ...(error instanceof LimitError ? { limit: true } : {}),
      },
    };
  } finally {
    ruleTiming.enabled = false;
  }
}

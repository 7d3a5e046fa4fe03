/**
 * A lint run: the configuration and policy resolved once, the documents linted with what each
 * one's configuration adds, and the findings settled. `vottur lint` and the library's `lint` are
 * this one function; the CLI then renders the report and takes the exit code from it.
 */
import type { LintFilesOptions } from '../lint/files.js';
import type { Report, RunConfiguration } from '../report/finding.js';
import type { RunIo } from './io.js';
import { cwdOf } from './io.js';
import {
  gateRunFor,
  settle,
  type ConfigCommandOptions,
  type PolicyCommandOptions,
  type SettleOptions,
} from './settle.js';
import type { GateRun } from '../policy/enforce.js';

export interface LintRunOptions
  extends
    ConfigCommandOptions,
    PolicyCommandOptions,
    Pick<SettleOptions, 'baseline' | 'updateBaseline' | 'pruneBaseline'>,
    Pick<LintFilesOptions, 'allowRemoteRefs' | 'jobs' | 'shard' | 'timing' | 'onProgress'> {
  /** `--overlay` documents, read by `overlaysFor`, applied to every description before linting. */
  overlays?: LintFilesOptions['overlays'];
  /** Called between the engine and the settling (e.g. to make room in memory for a big report). */
  beforeSettling?: (report: Report) => void | Promise<void>;
}

/** Lints every file the patterns name and settles the findings; the report carries what the run read. */
export async function lintRun(
  patterns: string[],
  options: LintRunOptions = {},
  io: Pick<RunIo, 'cwd' | 'env' | 'stderr' | 'stdin'> = { stderr: () => undefined },
  run?: GateRun,
): Promise<Report & { configuration: RunConfiguration }> {
  const { lintFiles } = await import('../lint/files.js');
  const cwd = cwdOf(io);
  // The configuration and the policy, resolved once for the linter, the gate and the report.
  const gate = run ?? (await gateRunFor(options, io));
  const report = await lintFiles(patterns, {
    cwd,
    ...(io.stdin ? { stdin: io.stdin } : {}),
    ...(options.overlays && options.overlays.length > 0 ? { overlays: options.overlays } : {}),
    allowRemoteRefs: options.allowRemoteRefs,
    jobs: options.jobs,
    ...(options.shard !== undefined ? { shard: options.shard } : {}),
    ...(options.timing ? { timing: options.timing } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    settingsFor: (file) => gate.settingsFor(file),
  });
  await options.beforeSettling?.(report);
  return settle(report, gate, options, io);
}

/**
 * `vottur lint <files...>`. Everything heavy (the ruleset, the worker pool) is loaded
 * inside the action, so other commands and `--help` do not pay for it.
 */
import type { Command } from 'commander';
import type { TimingEntry } from '../../../rulesets/lib/timing.js';
import type { Report, Severity } from '../../report/finding.js';
import {
  addBaselineOptions,
  addOverlayOption,
  addPolicyOptions,
  failSeverityOption,
  minScoreOption,
  type BaselineCommandOptions,
} from '../options.js';
import { CouldNotRunError } from '../../errors.js';
import { addOutputOptions, type OutputState, type OutputTarget } from '../output.js';
import type { CommandIo } from '../io.js';
import {
  envOf,
  finishRun,
  gateRunFor,
  lintRun,
  overlaysFor,
  settle,
  takeOutputTargets,
  type PolicyCommandOptions,
} from '../../run/index.js';

export interface LintCommandOptions extends BaselineCommandOptions, PolicyCommandOptions {
  failSeverity: Severity;
  minScore?: number;
  quiet?: boolean;
  allowRemoteRefs?: boolean;
  showPii?: boolean;
  timing?: boolean;
  jobs?: number;
  shard?: string;
  watch?: boolean;
  fix?: boolean;
  fixDryRun?: boolean;
  fixOverlay?: string;
  overlay?: string[];
}

/**
 * From this many findings on, memory is collected before a report that lists them all is written
 * (see runtime/memory.ts). Not for stylish cut to `--max-problems`: its text is small, and the
 * collection would cost more time (~0.1 s on Stripe) than the memory it saves (~5 MB).
 */
const BIG_REPORT = 2000;

/** Whether some target renders every finding (any format but stylish, or stylish without a cut). */
function rendersEveryFinding(targets: readonly OutputTarget[], findings: number): boolean {
  return targets.some(
    (target) => target.format !== 'stylish' || target.maxProblems === 0 || target.maxProblems >= findings,
  );
}

function parseJobs(value: string): number {
  const jobs = Number(value);
  if (!Number.isInteger(jobs) || jobs < 1)
    throw new CouldNotRunError(
      `--jobs ${value}: give a whole number of worker threads, 1 or more (1 lints in the main thread)`,
    );
  return jobs;
}

/** The `--timing` table: the slowest rules and shared walkers, own time in ms and share of the total. */
export function formatTiming(entries: readonly TimingEntry[], limit = 20): string {
  const total = entries.reduce((sum, entry) => sum + entry.ms, 0);
  const shown = entries.slice(0, limit);
  const width = Math.max(4, ...shown.map((entry) => entry.name.length));
  const lines = [`${'Rule'.padEnd(width)} | Time (ms) | Relative`, `${'-'.repeat(width)}-|-----------|---------`];
  for (const entry of shown) {
    const share = total > 0 ? (100 * entry.ms) / total : 0;
    lines.push(
      `${entry.name.padEnd(width)} | ${entry.ms.toFixed(1).padStart(9)} | ${`${share.toFixed(1)}%`.padStart(8)}`,
    );
  }
  lines.push(
    `${'total'.padEnd(width)} | ${total.toFixed(1).padStart(9)} | ${entries.length > limit ? `(${entries.length - limit} more)` : ''}`,
  );
  return `${lines.join('\n')}\n`;
}

/** `--watch`: the library's watcher until Ctrl-C (or SIGTERM), then a clean exit 0. */
async function watchUntilInterrupted(
  files: string[],
  options: LintCommandOptions,
  state: OutputState,
  io: CommandIo,
): Promise<void> {
  if (state.targets.length > 0)
    throw new CouldNotRunError(
      '--watch shows its own summary of what changed; run without --watch for --format and --output',
    );
  if (options.policy !== undefined || options.gate)
    throw new CouldNotRunError('--watch is for linting your own work; run without --watch for --policy and --gate');
  if (options.baseline !== undefined || options.updateBaseline || options.pruneBaseline)
    throw new CouldNotRunError(
      '--watch does not read or write a baseline; run without --watch for --baseline, --update-baseline and --prune-baseline',
    );
  const { watchLint } = await import('../../lint/watch.js');
  const run = await gateRunFor(options, io);
  const watcher = await watchLint(files, {
    ...(io.cwd !== undefined ? { cwd: io.cwd } : {}),
    allowRemoteRefs: options.allowRemoteRefs,
    showPii: options.showPii,
    settingsFor: (file) => run.settingsFor(file),
    // The rule levels and suppressions of the configuration, as a run without --watch settles them (no baseline: refused above).
    adjust: async (report) => settle(report, await gateRunFor(options, io), { withoutBaseline: true }, io),
    write: io.stdout,
  });
  const signals = io.signals ?? process;
  await new Promise<void>((stopped) => {
    const stop = () => {
      signals.off('SIGINT', stop);
      signals.off('SIGTERM', stop);
      void watcher.close().then(stopped);
    };
    signals.on('SIGINT', stop);
    signals.on('SIGTERM', stop);
  });
  io.exit(0);
}

export function registerLint(program: Command, io: CommandIo): void {
  const state: OutputState = { targets: [] };
  const command = program
    .command('lint')
    .description('lint OpenAPI descriptions against the platform conventions')
    .argument('<files...>', 'description files or glob patterns (quote globs: "apis/**/*.yaml")')
    .addOption(failSeverityOption())
    .addOption(minScoreOption())
    .option(
      '-q, --quiet',
      'stylish lists errors only (the counts, the score, the exit code and the other formats keep every finding)',
    )
    .option('--allow-remote-refs', 'fetch http(s) $refs (off by default: a linter in CI must not reach the network)')
    .option('--show-pii', 'show national identifiers unmasked in the output')
    .option(
      '-j, --jobs <n>',
      'worker threads for many documents (default: one per core, from 4 documents on machines with 3 or more cores; 1 lints in the main thread)',
      parseJobs,
    )
    .option(
      '--shard <i/n>',
      "lint only the i-th of n shares of the documents (stable per path; merge the shards' --format json reports with vottur report)",
    )
    .option('--timing', 'after the report, show the slowest rules on standard error')
    .option(
      '-w, --watch',
      're-lint a description whenever it or a file it references is saved, showing only new and fixed findings and the score; Ctrl-C stops',
    )
    .option(
      '--fix',
      'apply the fixes that change nothing for callers (non-breaking or documentation only, by vottur diff), then lint; breaking fixes are listed, never applied',
    )
    .option('--fix-dry-run', 'print the fixes --fix would apply as a unified diff, and write nothing')
    .option(
      '--fix-overlay <file>',
      'write the fixes --fix would apply as an OpenAPI Overlay 1.0.0 document (the description is not changed), then lint',
    );
  addOverlayOption(command);
  addBaselineOptions(command);
  addPolicyOptions(command);
  addOutputOptions(command, state);
  command.action(async (files: string[], options: LintCommandOptions) => {
    // A fix edits the file as it is; an overlay checks it as patched: the two do not mix.
    if (options.overlay && (options.watch || options.fix || options.fixDryRun || options.fixOverlay !== undefined))
      throw new CouldNotRunError(
        '--overlay checks the description as the overlay patches it; run it without --watch, --fix, --fix-dry-run and --fix-overlay',
      );
    if (options.watch) {
      if (options.fix || options.fixDryRun)
        throw new CouldNotRunError('--watch does not fix; run --fix (or --fix-dry-run) without --watch');
      return watchUntilInterrupted(files, options, state, io);
    }
    if (options.fixDryRun) {
      takeOutputTargets(state);
      const { runFixes } = await import('../fix-run.js');
      await runFixes(files, { ...options, dryRun: true }, io);
      io.exit(0);
      return;
    }
    // A gate judges the repository as committed: writing to it would judge (and leave behind) files nobody reviewed.
    if (options.fix && (options.gate || options.policy !== undefined || envOf(io).VOTTUR_POLICY)) {
      throw new CouldNotRunError(
        '--fix writes to the repository, and a gated run (--gate, --policy, VOTTUR_POLICY) judges it as committed; run --fix without the policy, or --fix-dry-run to see the fixes. Nothing was written',
      );
    }
    if (options.fixOverlay !== undefined && options.fix)
      throw new CouldNotRunError(
        '--fix writes the fixes to the description, --fix-overlay beside it; give one of them',
      );
    if (options.fixOverlay !== undefined)
      await (await import('../fix-run.js')).writeFixOverlay(files, options, options.fixOverlay, io);
    if (options.fix) await (await import('../fix-run.js')).runFixes(files, options, io);
    const targets = takeOutputTargets(state);
    const { parseShard, TimingCollector } = await import('../../lint/files.js');
    const { lintProgress } = await import('../../runtime/progress.js');
    const timing = options.timing ? new TimingCollector() : undefined;
    const progress = lintProgress({ ...(io.progressStream ? { stream: io.progressStream } : {}), env: envOf(io) });
    // The configuration and the policy, resolved once for the linter, the gate and the report.
    const run = await gateRunFor(options, io);
    const overlays = await overlaysFor(options, run, io);
    let report: Report;
    try {
      report = await lintRun(
        files,
        {
          ...(options.config !== undefined ? { config: options.config } : {}),
          ...(options.policy !== undefined ? { policy: options.policy } : {}),
          ...(options.gate ? { gate: true } : {}),
          ...(options.baseline !== undefined ? { baseline: options.baseline } : {}),
          ...(options.updateBaseline ? { updateBaseline: true } : {}),
          ...(options.pruneBaseline ? { pruneBaseline: true } : {}),
          ...(overlays.length > 0 ? { overlays } : {}),
          allowRemoteRefs: options.allowRemoteRefs,
          jobs: options.jobs,
          ...(options.shard !== undefined ? { shard: parseShard(options.shard) } : {}),
          ...(timing ? { timing } : {}),
          onProgress: (done, total) => progress.update(done, total),
          beforeSettling: async (linted) => {
            progress.stop();
            // Thousands of findings: make room for the report in the memory the linting left behind.
            if (linted.findings.length >= BIG_REPORT && rendersEveryFinding(targets, linted.findings.length))
              (await import('../../runtime/memory.js')).collectGarbage();
          },
        },
        io,
        run,
      );
    } finally {
      progress.stop();
    }
    const exitCode = await finishRun(report, targets, options, io);
    if (timing) io.stderr(formatTiming(timing.entries()));
    io.exit(exitCode);
  });
}

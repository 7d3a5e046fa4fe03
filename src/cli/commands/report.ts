/**
 * `vottur report <results.json>...`: re-renders saved JSON reports in any format, and merges
 * several (a lint and a test run, many documents, the shards of a CI matrix) into one.
 *
 *   vottur lint api.yaml --format json --output lint.json
 *   vottur test api.yaml --server … --format json --output test.json
 *   vottur report lint.json test.json --format html --output report.html --format markdown --output summary.md
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { Severity } from '../../report/finding.js';
import { addFailSeverityOption, addMinScoreOption, addPolicyOptions } from '../options.js';
import { mergeReports, readJsonReport } from '../../report/merge.js';
import { toolInfo } from '../../version.js';
import { CouldNotRunError } from '../../errors.js';
import { namedFileRoot } from '../../runtime/safe-read.js';
import { addOutputOptions, type OutputState } from '../output.js';
import type { CommandIo } from '../io.js';
import { cwdOf, envOf, finishRun, takeOutputTargets, type RunIo } from '../../run/index.js';

export interface ReportCommandOptions {
  policy?: string;
  gate?: boolean;
  failSeverity?: Severity;
  minScore?: number;
  showPii?: boolean;
  quiet?: boolean;
}

export interface ReportIo extends RunIo {
  /** The merged report's `createdTimestamp` (default: now). */
  now?: Date;
}

/**
 * Reads, merges and renders; returns the exit code (0, or 1 for findings at `--fail-severity` or a
 * score below `--min-score`). Throws `CouldNotRunError` for a file that is not a vottur JSON report.
 */
export async function runReport(
  files: readonly string[],
  options: ReportCommandOptions,
  state: OutputState,
  io: ReportIo,
): Promise<number> {
  if (files.length === 0) throw new CouldNotRunError('give at least one JSON report written by --format json');
  const cwd = cwdOf(io);
  const targets = takeOutputTargets(state);
  const root = namedFileRoot(cwd);
  const reports = files.map((file) => readJsonReport(resolve(cwd, file), file, root));
  // One report is re-rendered as it was; several become one, made now by this vottur.
  const [only, ...others] = reports;
  let report =
    only !== undefined && others.length === 0
      ? only
      : mergeReports(reports, { tool: toolInfo(), ...(io.now ? { now: io.now } : {}) });
  // A saved record is what its report claims: shown as claimed, and a policy it names as not run here.
  if (report.configuration) {
    const { policy, ...rest } = report.configuration;
    report = {
      ...report,
      configuration: { ...rest, ...(policy ? { policy: { ...policy, claimed: true } } : {}), claimed: true },
    };
  }
  // Under a policy, what the saved reports' repositories held back is judged again; with or
  // without one, the run's own statements take their rule's level and no hold.
  const { rejudgeSaved, runOwnAsTheirRules } = await import('../../policy/enforce.js');
  const { policyFor } = await import('../../policy/index.js');
  const policy =
    options.policy !== undefined || options.gate || envOf(io).VOTTUR_POLICY
      ? await policyFor(options, cwd, envOf(io))
      : undefined;
  if (policy) {
    const { ruleCatalogue } = await import('../../run/rule-catalogue.js');
    // vottur's rules, whose default levels a level the policy refuses gives back (not the saved report's claim).
    report = await rejudgeSaved(report, policy, cwd, await ruleCatalogue());
  } else report = await runOwnAsTheirRules(report, false);
  return finishRun(
    report,
    targets,
    { showPii: options.showPii, quiet: options.quiet, failSeverity: options.failSeverity, minScore: options.minScore },
    { ...io, cwd },
  );
}

export function registerReport(program: Command, io: CommandIo): Command {
  const state: OutputState = { targets: [] };
  const command = program
    .command('report')
    .description('re-render saved JSON reports (--format json) in any format, merging several into one')
    .argument('<results.json...>', 'JSON reports written by vottur lint, test or check with --format json');
  addOutputOptions(command, state);
  addFailSeverityOption(command);
  addMinScoreOption(command);
  addPolicyOptions(command);
  command.option('--show-pii', 'show national identifiers unmasked (a report saved masked stays masked)', false);
  command.option(
    '-q, --quiet',
    'stylish lists errors only (the counts, the score, the exit code and the other formats keep every finding)',
  );
  command.action(async (files: string[], options: ReportCommandOptions) => {
    io.exit(await runReport(files, options, state, io));
  });
  return command;
}

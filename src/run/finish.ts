/**
 * The one way a run ends: render the report to every `--format`/`--output` target, say why the
 * gate failed when it did, and return the exit code as a value. Every command (`lint`, `test`,
 * `check`, `report`, `diff`, `catalogue`) ends here, so colour, quiet, PII masking and the gate
 * follow one rule.
 */
import { EXIT_COULD_NOT_RUN, errorLine } from '../errors.js';
import { UNREADABLE_RULE, type Report, type Severity } from '../report/finding.js';
import { gateExit, gateVerdict } from '../report/gate.js';
import { colorWanted, cwdOf, type RunIo } from './io.js';
import { outputTargets, verdictLine, writeReports, type OutputState, type OutputTarget } from './output.js';

/** What every command's options say about its report and its gate. */
export interface FinishOptions {
  showPii?: boolean;
  quiet?: boolean;
  failSeverity?: Severity;
  minScore?: number;
  minCoverage?: number;
}

/**
 * The targets the command line named, read once: the state is emptied so a program parsed again (a
 * test, a watch loop) starts from none. Call it before the run, so a bad `--output` is refused
 * before any work is done.
 */
export function takeOutputTargets(state: OutputState): OutputTarget[] {
  try {
    return outputTargets(state);
  } finally {
    state.targets = [];
    delete state.maxProblems;
  }
}

/** Writes the report to every target and returns the exit code (0, or 1 when the gate fails; 2 when a document could not be read). */
export async function finishRun(
  report: Report,
  targets: readonly OutputTarget[],
  options: FinishOptions,
  io: RunIo,
): Promise<number> {
  const thresholds = {
    failSeverity: options.failSeverity ?? 'error',
    minScore: options.minScore,
    minCoverage: options.minCoverage,
  } as const;
  // Settled once, before any format renders: every format and the exit code say the same.
  report = { ...report, gate: gateVerdict(report, thresholds) };
  await writeReports(report, [...targets], {
    cwd: cwdOf(io),
    showPii: Boolean(options.showPii),
    quiet: Boolean(options.quiet),
    color: colorWanted(io),
    stdout: io.stdout,
    // The JSON report masks itself (unless --show-pii): written without the channel's second mask.
    ...(io.stdoutData ? { stdoutMasked: io.stdoutData } : {}),
    ...(io.stdoutCommands ? { stdoutCommands: io.stdoutCommands } : {}),
  });
  const exit = gateExit(report, thresholds, io.stderr);
  // Every format went to a file: standard output is empty, so one line says how the run ended.
  if (targets.length > 0 && targets.every((target) => target.output !== undefined))
    io.stderr(`${errorLine(verdictLine(report, exit, targets))}\n`);
  // Documents that could not be read: every other report is written, then one line each and exit 2.
  const unreadable = report.findings.filter((finding) => finding.ruleId === UNREADABLE_RULE);
  for (const finding of unreadable) io.stderr(`${errorLine(finding.message)}\n`);
  return unreadable.length > 0 ? EXIT_COULD_NOT_RUN : exit;
}

/**
 * When a run fails: every command (`lint`, `test`, `check`, `report`) exits 1 when a finding is at
 * least as severe as `--fail-severity` (default `error`), or when the score is below `--min-score`.
 */
import { Option, type Command } from 'commander';
import { CouldNotRunError, EXIT_FINDINGS, EXIT_OK, errorLine } from '../cli/errors.js';
import { atLeast, SEVERITIES, type Report, type Severity } from './finding.js';
import { scoreReport } from './score.js';

export interface GateOptions {
  /** Findings at least this severe fail the run; `undefined` means `error`. */
  failSeverity?: Severity;
  /** A score below this fails the run; `undefined` means no minimum. */
  minScore?: number;
}

/** Parses `--min-score`: a number from 0 to 100. */
export function parseMinScore(value: string): number {
  const text = value.trim();
  const number = Number(text);
  if (text === '' || !Number.isFinite(number) || number < 0 || number > 100) {
    throw new CouldNotRunError(`--min-score must be a number from 0 to 100, not "${value}"`);
  }
  return number;
}

/** Parses `--fail-severity`: error, warn, info or hint. */
export function parseFailSeverity(value: string): Severity {
  if ((SEVERITIES as readonly string[]).includes(value)) return value as Severity;
  throw new CouldNotRunError(`--fail-severity must be one of ${SEVERITIES.join(', ')}, not "${value}"`);
}

/** `--min-score <n>`; the parsed value arrives as `minScore` (a number). */
export function minScoreOption(): Option {
  return new Option('--min-score <n>', 'exit 1 when the conformance score (0-100, see docs/score.md) is below this').argParser(parseMinScore);
}

/** `--fail-severity <level>` (default error), as `vottur lint` has it; arrives as `failSeverity`. */
export function failSeverityOption(): Option {
  return new Option('--fail-severity <level>', 'exit 1 when a finding is at or above this severity').choices([...SEVERITIES]).default('error');
}

/** Adds `--min-score <n>` to a command. */
export function addMinScoreOption(command: Command): Command {
  return command.addOption(minScoreOption());
}

/** Adds `--fail-severity <level>` to a command. */
export function addFailSeverityOption(command: Command): Command {
  return command.addOption(failSeverityOption());
}

/** True when a minimum is set and the report's overall score is below it. */
export function belowMinScore(report: Pick<Report, 'documents' | 'findings' | 'rules'>, minScore: number | undefined): boolean {
  return minScore !== undefined && scoreReport(report).score < minScore;
}

/** True when a finding is at least as severe as the threshold. */
export function hasFailingFinding(report: Pick<Report, 'findings'>, failSeverity: Severity = 'error'): boolean {
  return report.findings.some((finding) => atLeast(finding.severity, failSeverity));
}

/** The exit code for a run that completed: 1 (findings) or 0. */
export function reportExitCode(report: Pick<Report, 'documents' | 'findings' | 'rules'>, options: GateOptions = {}): number {
  return hasFailingFinding(report, options.failSeverity) || belowMinScore(report, options.minScore) ? EXIT_FINDINGS : EXIT_OK;
}

/**
 * The exit code, and a line on `write` when the score is below `--min-score` (the findings speak for
 * themselves; a missed bar would otherwise fail the run with nothing saying why).
 */
export function gateExit(report: Pick<Report, 'documents' | 'findings' | 'rules'>, options: GateOptions, write: (text: string) => void): number {
  if (options.minScore !== undefined) {
    const { score } = scoreReport(report);
    if (score < options.minScore) write(`${errorLine(`score ${score}/100 is below --min-score ${options.minScore}`)}\n`);
  }
  return reportExitCode(report, options);
}

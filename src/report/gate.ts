/**
 * When a run fails: every command (`lint`, `test`, `check`, `report`) exits 1 when a finding is at
 * least as severe as `--fail-severity` (default `error`), when the worst document's score is below
 * `--min-score`, or
 * (contract runs) when the coverage of the generated phases is below `--min-coverage`.
 */
import { EXIT_FINDINGS, EXIT_OK, errorLine } from '../errors.js';
import { atLeast, counts, type GateVerdict, type Report, type Severity } from './finding.js';
import { scoreReport, worstDocument } from './score.js';
import { maskNationalIds } from '../pii.js';

export interface GateOptions {
  /** Findings at least this severe fail the run; `undefined` means `error`. */
  failSeverity?: Severity;
  /** A score below this fails the run; `undefined` means no minimum. */
  minScore?: number;
  /** A contract coverage (percent) below this fails the run; a report without coverage is below any minimum. */
  minCoverage?: number;
}

type Gated = Pick<Report, 'documents' | 'findings' | 'rules' | 'coverage'>;

/** True when a minimum coverage is set and the report's coverage is below it (or it has none). */
export function belowMinCoverage(report: Pick<Report, 'coverage'>, minCoverage: number | undefined): boolean {
  return minCoverage !== undefined && (report.coverage?.percent ?? 0) < minCoverage;
}

/**
 * True when a minimum is set and the worst document's score is below it: a gate over a catalogue
 * is passed by each description, not by their mean (one failing description among nine clean ones
 * would read 92 overall).
 */
export function belowMinScore(
  report: Pick<Report, 'documents' | 'findings' | 'rules'> & Partial<Pick<Report, 'operations'>>,
  minScore: number | undefined,
): boolean {
  if (minScore === undefined) return false;
  const score = scoreReport(report);
  return (worstDocument(score)?.score ?? score.score) < minScore;
}

/** The exit code for a run that completed: 1 (findings) or 0. */
export function reportExitCode(report: Gated, options: GateOptions = {}): number {
  return gateVerdict(report, options).passed ? EXIT_OK : EXIT_FINDINGS;
}

/**
 * Whether the report passes the run's thresholds, and each reason it does not: what every format
 * renders beside its headline (`report.gate`) and what the exit code says.
 */
export function gateVerdict(report: Gated, options: GateOptions = {}): GateVerdict {
  const reasons: string[] = [];
  const failSeverity = options.failSeverity ?? 'error';
  const failing = report.findings.filter(
    (finding) => counts(finding) && atLeast(finding.severity, failSeverity),
  ).length;
  if (failing > 0)
    reasons.push(`${failing} finding${failing === 1 ? '' : 's'} at or above --fail-severity ${failSeverity}`);
  if (options.minScore !== undefined) {
    const score = scoreReport(report);
    const lowest = worstDocument(score)?.score ?? score.score;
    if (lowest < options.minScore)
      reasons.push(maskNationalIds(`score ${lowest}/100 is below --min-score ${options.minScore}`));
  }
  if (belowMinCoverage(report, options.minCoverage))
    reasons.push(
      `${report.coverage ? `coverage ${report.coverage.percent}%` : 'no coverage was measured'} is below --min-coverage ${options.minCoverage}%`,
    );
  return { passed: reasons.length === 0, reasons };
}

/**
 * What a passing verdict must say beside it: operations of a contract run that went untested
 * (`operations[].notTested`; without a policy the run may still exit 0). A bare "passes" with a ✅
 * would be a passing mark on a run that tested nothing (issue 34).
 */
export function passingCaveat(report: Pick<Report, 'operations'>): string | undefined {
  const untested = (report.operations ?? []).filter((operation) => operation.notTested !== undefined).length;
  const total = report.operations?.length ?? 0;
  return untested === 0
    ? undefined
    : `${untested} of ${total} operation${total === 1 ? '' : 's'} ${untested === 1 ? 'was' : 'were'} not tested`;
}

/** The reasons a run fails besides its findings (a missed score or coverage), which a headline of findings does not show. */
export function thresholdReasons(report: Pick<Report, 'gate'>): string[] {
  return report.gate?.passed === false ? report.gate.reasons.filter((reason) => !/--fail-severity/.test(reason)) : [];
}

/**
 * The exit code, and a line on `write` when the score is below `--min-score` (the findings speak for
 * themselves; a missed bar would otherwise fail the run with nothing saying why).
 */
export function gateExit(
  report: Gated & Pick<Report, 'gate'>,
  options: GateOptions,
  write: (text: string) => void,
): number {
  if (options.minScore !== undefined) {
    const score = scoreReport(report);
    const worst = worstDocument(score);
    const lowest = worst?.score ?? score.score;
    if (lowest < options.minScore) {
      const which =
        worst === undefined
          ? ''
          : score.byDocument.length === 1
            ? ` (${worst.document})`
            : ` of ${worst.document}, the lowest of ${score.byDocument.length} documents (overall ${score.score})`;
      write(`${errorLine(maskNationalIds(`score ${lowest}/100${which} is below --min-score ${options.minScore}`))}\n`);
    }
  }
  if (belowMinCoverage(report, options.minCoverage)) {
    const shown = report.coverage
      ? `coverage ${report.coverage.percent}%`
      : 'no coverage was measured (no generated phase ran)';
    write(`${errorLine(`${shown} is below --min-coverage ${options.minCoverage}%`)}\n`);
  }
  // The verdict the formats rendered (finishRun settles it first), not a second judgement.
  return (report.gate ?? gateVerdict(report, options)).passed ? EXIT_OK : EXIT_FINDINGS;
}

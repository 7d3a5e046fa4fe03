/**
 * GitLab Code Quality (a Code Climate subset): a JSON array of issues, each with a description, the
 * rule as `check_name`, a fingerprint, a severity and a location GitLab places in the merge request
 * diff. https://docs.gitlab.com/ci/testing/code_quality/#code-quality-report-format
 *
 * The fingerprint is what GitLab compares between the base and the head pipeline to tell new issues
 * from fixed ones, so it is made of what stays when a file is edited elsewhere (rule, file, JSON
 * pointer, operation, message), never of line numbers, and is unique within the report.
 *
 * A threshold the run misses (`--min-score`, `--min-coverage`: `report.gate`) fails it with no
 * finding to show: each is one `blocker` issue, `vottur-gate`, at the first document's line 1, so
 * the merge request never reads as a clean pass on a run that exits 1 (C01).
 */
import { createHash } from 'node:crypto';
import type { Report, Severity } from '../finding.js';
import { findingPosition, SourceFiles } from '../source.js';
import { operationsNote, visibleReport } from './common.js';
import type { FormatContext } from './types.js';
import { escapeJsonText } from '../../runtime/escape.js';
import { thresholdReasons } from '../gate.js';

export type GitlabSeverity = 'info' | 'minor' | 'major' | 'critical' | 'blocker';

/** An error fails the gate: critical. Warnings are major; info and hints are shown, not urgent. */
export const GITLAB_SEVERITY: Record<Severity, GitlabSeverity> = {
  error: 'critical',
  warn: 'major',
  info: 'minor',
  hint: 'info',
};

export interface GitlabIssue {
  type: 'issue';
  description: string;
  check_name: string;
  fingerprint: string;
  severity: GitlabSeverity;
  categories: string[];
  location: { path: string; lines: { begin: number; end?: number } };
}

export function formatGitlab(report: Report, context: FormatContext): string {
  // Masked before hashing too: an md5 of a ten-digit identifier is easily reversed.
  const visible = visibleReport(report, context.showPii);
  const sources = SourceFiles.forReport(report, context.cwd);
  const seen = new Map<string, number>();
  const issues = visible.findings.map((finding, index): GitlabIssue => {
    // The same finding unmasked: its source position is the real path's.
    const original = report.findings[index] ?? finding;
    const position = sources.isLocal(original.document) ? findingPosition(original) : undefined;
    const begin = position?.line ?? 1;
    const end = finding.endLine !== undefined && finding.endLine > begin ? finding.endLine : undefined;
    const key = [finding.ruleId, finding.document, finding.pointer, finding.operation ?? '', finding.message].join(
      '\u0000',
    );
    // The same finding twice in one report (a merged report) still gets two fingerprints.
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    const where = finding.operation && finding.source !== 'lint' ? `${finding.operation}: ` : '';
    return {
      type: 'issue',
      description: `${where}${finding.message}${operationsNote(finding)}`,
      check_name: finding.ruleId,
      fingerprint: createHash('md5')
        .update(occurrence === 0 ? key : `${key}\u0000${occurrence}`)
        .digest('hex'),
      severity: GITLAB_SEVERITY[finding.severity],
      categories: [finding.category],
      location: { path: finding.document, lines: end !== undefined ? { begin, end } : { begin } },
    };
  });
  issues.push(...gateIssues(visible));
  return `${escapeJsonText(JSON.stringify(issues, null, 2))}\n`;
}

/**
 * One `blocker` issue per threshold the run misses. Its fingerprint is the threshold's option
 * (`--min-score`), not the reason's numbers, so a score that moves from 61 to 62 below the bar is
 * the same issue in GitLab's comparison of pipelines, and one that is met again is fixed.
 */
function gateIssues(visible: Report): GitlabIssue[] {
  const path = visible.documents[0]?.path ?? visible.findings[0]?.document ?? '.';
  const seen = new Map<string, number>();
  return thresholdReasons(visible).map((reason): GitlabIssue => {
    const option = /--min-[a-z]+/.exec(reason)?.[0] ?? reason;
    const key = ['vottur-gate', option].join('\u0000');
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    return {
      type: 'issue',
      description: `The run fails: ${reason}.`,
      check_name: 'vottur-gate',
      fingerprint: createHash('md5')
        .update(occurrence === 0 ? key : `${key}\u0000${occurrence}`)
        .digest('hex'),
      severity: 'blocker',
      categories: ['gate'],
      location: { path, lines: { begin: 1 } },
    };
  });
}

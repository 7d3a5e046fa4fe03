/**
 * GitLab Code Quality (a Code Climate subset): a JSON array of issues, each with a description, the
 * rule as `check_name`, a fingerprint, a severity and a location GitLab places in the merge request
 * diff. https://docs.gitlab.com/ci/testing/code_quality/#code-quality-report-format
 *
 * The fingerprint is what GitLab compares between the base and the head pipeline to tell new issues
 * from fixed ones, so it is made of what stays when a file is edited elsewhere (rule, file, JSON
 * pointer, operation, message), never of line numbers, and is unique within the report.
 */
import { createHash } from 'node:crypto';
import type { Report, Severity } from '../finding.js';
import { findingPosition, SourceFiles } from '../source.js';
import { operationsNote, visibleReport } from './common.js';
import type { FormatContext } from './types.js';
import { escapeJsonText } from '../../runtime/escape.js';

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
  return `${escapeJsonText(JSON.stringify(issues, null, 2))}\n`;
}

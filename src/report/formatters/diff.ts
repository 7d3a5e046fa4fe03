/**
 * What the formats show for a `vottur diff` report: counts per change class (breaking → error,
 * needs review → warn, non-breaking → info, documentation only → hint) and the version verdict,
 * both derived from the findings so every format gives the same answer.
 */
import type { Finding, Report, Severity } from '../finding.js';

export { isDiffReport } from '../finding.js';

export const CHANGE_CLASS: Record<Severity, string> = { error: 'breaking', warn: 'needs review', info: 'non-breaking', hint: 'documentation only' };

export function isVersionFinding(finding: Pick<Finding, 'ruleId'>): boolean {
  return finding.ruleId.startsWith('platform-version-');
}

/** How many changes of each class (versioning findings are not changes). */
export function diffCounts(findings: readonly Finding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warn: 0, info: 0, hint: 0 };
  for (const finding of findings) if (!isVersionFinding(finding)) counts[finding.severity]++;
  return counts;
}

export function diffCountsText(findings: readonly Finding[]): string {
  const counts = diffCounts(findings);
  return `${counts.error} breaking, ${counts.warn} needing review, ${counts.info} non-breaking, ${counts.hint} documentation only`;
}

/** "version 2.0.0 → 2.1.0: allows these changes" or what the versioning rules found. */
export function versionVerdict(report: Pick<Report, 'documents' | 'findings'>): { ok: boolean; text: string } {
  const [base, revision] = report.documents;
  const span = `version ${base?.version ?? '?'} → ${revision?.version ?? '?'}`;
  const problems = report.findings.filter((f) => isVersionFinding(f) && (f.severity === 'error' || f.severity === 'warn'));
  const errors = problems.filter((f) => f.severity === 'error');
  if (problems.length === 0) return { ok: true, text: `${span}: allows these changes` };
  const rules = [...new Set(problems.map((f) => f.ruleId))].join(', ');
  return { ok: errors.length === 0, text: `${span}: ${errors.length ? 'does not allow these changes' : 'allows these changes, with warnings'} (${rules})` };
}

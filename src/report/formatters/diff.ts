/**
 * What the formats show for a `vottur diff` report: the changes per class and the version verdict,
 * as the diff computed them once (`report.diff`, src/diff/versioning.ts). A finding's class is its
 * `changeClass`; no format decodes it from the severity (a configured level changes the severity).
 */
import { operationsNote } from './common.js';
import { counts, type ChangeClass, type Finding, type Report } from '../finding.js';
import { pushTo } from '../../runtime/group.js';

export { isDiffReport } from '../finding.js';

export const CLASS_ORDER: readonly ChangeClass[] = ['breaking', 'review', 'non-breaking', 'documentation'];
export const CHANGE_CLASS_LABEL: Record<ChangeClass, string> = {
  breaking: 'breaking',
  review: 'needs review',
  'non-breaking': 'non-breaking',
  documentation: 'documentation only',
};

export function isVersionFinding(finding: Pick<Finding, 'ruleId'>): boolean {
  return finding.ruleId.startsWith('platform-version-');
}

/** How many changes of each class count (accepted changes and versioning findings are not counted). */
export function diffCounts(report: Pick<Report, 'diff' | 'findings'>): Record<ChangeClass, number> {
  if (report.diff) return report.diff.counts;
  const result: Record<ChangeClass, number> = { breaking: 0, review: 0, 'non-breaking': 0, documentation: 0 };
  for (const finding of report.findings) if (finding.changeClass && counts(finding)) result[finding.changeClass]++;
  return result;
}

export function diffCountsText(report: Pick<Report, 'diff' | 'findings'>): string {
  const c = diffCounts(report);
  const accepted = report.diff?.accepted ?? 0;
  return `${c.breaking} breaking, ${c.review} needing review, ${c['non-breaking']} non-breaking, ${c.documentation} documentation only${accepted ? `; ${accepted} accepted` : ''}`;
}

/** The version verdict the diff computed: "version 2.0.0 → 2.1.0: allows these changes". */
export function versionVerdict(report: Pick<Report, 'diff' | 'documents'>): { ok: boolean; text: string } {
  if (report.diff) return { ok: report.diff.allowed, text: report.diff.verdict };
  const [base, revision] = report.documents;
  return { ok: true, text: `version ${base?.version ?? '?'} → ${revision?.version ?? '?'}` };
}

/** A change accepted with a reason: its justification. */
export function acceptedReason(finding: Finding): string | undefined {
  return finding.suppressions?.[0]?.justification;
}

/** Headings for the classes, most severe first. */
export const CHANGE_CLASS_TITLE: Record<ChangeClass, string> = {
  breaking: 'Breaking',
  review: 'Needs review',
  'non-breaking': 'Non-breaking',
  documentation: 'Documentation only',
};

/** Where a change to no single operation (servers, security schemes, the API's description) is listed. */
export const WHOLE_API = 'Whole API';

/** The operations a change is listed under: every operation a shared component reaches, else its own, else the whole API. */
export function changeOperations(finding: Pick<Finding, 'operation' | 'operations'>): string[] {
  return finding.operations?.length ? finding.operations : [finding.operation ?? WHOLE_API];
}

/**
 * The changes (versioning findings aside) grouped by class, most severe first, and within a class by
 * operation (alphabetical, the whole API last). A change to a shared component appears under each
 * operation it reaches; the indexes point into `findings`.
 */
export function changesByClass(findings: readonly Finding[]): Array<{
  changeClass: ChangeClass;
  count: number;
  /** How many entries list them: a change to a shared part is listed under each operation it reaches. */
  listed: number;
  operations: Array<{ operation: string; indexes: number[] }>;
}> {
  const result = [];
  for (const changeClass of CLASS_ORDER) {
    const byOperation = new Map<string, number[]>();
    let count = 0;
    let listed = 0;
    findings.forEach((finding, index) => {
      if (isVersionFinding(finding) || (finding.changeClass ?? 'documentation') !== changeClass) return;
      count++;
      for (const operation of changeOperations(finding)) {
        listed++;
        pushTo(byOperation, operation, index);
      }
    });
    if (count === 0) continue;
    const operations = [...byOperation]
      .sort(([a], [b]) => (a === WHOLE_API ? 1 : b === WHOLE_API ? -1 : a < b ? -1 : a > b ? 1 : 0))
      .map(([operation, indexes]) => ({ operation, indexes }));
    result.push({ changeClass, count, listed, operations });
  }
  return result;
}

/**
 * Where a count and the entries under it differ, why: `5 changes` over 6 entries must say that a
 * change to a part several operations share is counted once and listed under each. Empty otherwise.
 */
export function listingNote(count: number, listed: number): string {
  if (listed <= count) return '';
  return `${count} change${count === 1 ? '' : 's'} listed ${listed} times: a change to a part several operations share is counted once and listed under each operation it reaches`;
}

/** A change's message with the operations it reaches in front (`GET /v2/users/{id}: …`), for lines that show no operation heading. */
export function messageWithOperations(
  finding: Pick<Finding, 'message' | 'operation' | 'operations' | 'operationsNotListed'>,
): string {
  const operations = finding.operations?.length ? finding.operations : finding.operation ? [finding.operation] : [];
  const message = `${finding.message}${operationsNote(finding)}`;
  return operations.length ? `${operations.join(', ')}: ${message}` : message;
}

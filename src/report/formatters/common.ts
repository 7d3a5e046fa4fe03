/** Helpers shared by the formatters. */
import {
  severityRank,
  type Category,
  type CoverageReport,
  type Finding,
  type OperationCoverage,
  type Report,
  type RuleMeta,
  type Severity,
} from '../finding.js';
import { maskNationalIds } from '../../pii.js';
import { escapedView } from '../../runtime/escape.js';

/** How a category is titled in the Markdown and HTML reports. */
export const CATEGORY_TITLE: Record<Category, string> = {
  documentation: 'Documentation',
  'data-format': 'Data formats',
  naming: 'Naming',
  methods: 'Methods',
  errors: 'Errors',
  security: 'Security',
};

export const SEVERITY_LABEL: Record<Severity, string> = { error: 'error', warn: 'warning', info: 'info', hint: 'hint' };
export const SEVERITY_PLURAL: Record<Severity, string> = {
  error: 'errors',
  warn: 'warnings',
  info: 'info',
  hint: 'hints',
};

/** Where the project lives; SARIF's `informationUri` and links in the HTML and Markdown reports. */
export const TOOL_INFORMATION_URI = 'https://github.com/vottur/vottur';

/** The text with its first letter in upper case (`breaking change` → `Breaking change`). */
/**
 * For a diff change that lists only the first of the operations it reaches (`operationsNotListed`):
 * how many it reaches and how many are not listed, as every format shows it after the message.
 * Empty otherwise.
 */
export function operationsNote(finding: Pick<Finding, 'operations' | 'operationsNotListed'>): string {
  const rest = finding.operationsNotListed;
  if (!rest) return '';
  const all = (finding.operations?.length ?? 0) + rest;
  return ` (reaches ${all.toLocaleString('en-US')} operations; ${rest.toLocaleString('en-US')} not listed)`;
}

export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The report as a format may show it: every string in it, keys too (a rule id, a rule's
 * description, a message, a path key, a document's title), with national identifiers masked unless
 * `showPii`. The one masking point of every format that renders from the report's text: a format
 * reads its text from this view, never from the report given it, so no field it shows (a rule id
 * column) can bypass masking. Members named in `unread` are neither read nor masked (a finding's
 * fingerprint, computed only when read, which stylish never shows). What is shared unchanged must
 * not be changed.
 */
export function visibleReport(report: Report, showPii: boolean, unread?: ReadonlySet<string>): Report {
  return showPii ? report : escapedView(report, maskNationalIds, unread);
}

/**
 * What a report holds back from its counts and score, in words (`1497 in the baseline`), for every
 * format a person reads: a score of 99 (A) with 1,497 findings in a baseline must say so wherever
 * the score is shown. Empty when nothing is held back.
 */
export function notCountedParts(report: Pick<Report, 'heldBack' | 'baseline'>): string[] {
  const parts: string[] = [];
  const entries = (n: number) => `${n} baseline entr${n === 1 ? 'y' : 'ies'}`;
  if (report.heldBack?.suppressed)
    parts.push(`${report.heldBack.suppressed} suppressed with a reason (x-vottur-ignore)`);
  if (report.heldBack?.acceptFile) parts.push(`${report.heldBack.acceptFile} accepted by the accept file (--accept)`);
  if (report.heldBack?.baselined) parts.push(`${report.heldBack.baselined} in the baseline`);
  if (report.baseline?.absent.length)
    parts.push(
      `${entries(report.baseline.absent.length)} fixed since (--prune-baseline removes ${report.baseline.absent.length === 1 ? 'it' : 'them'})`,
    );
  if (report.baseline?.expired) parts.push(`${entries(report.baseline.expired)} expired, counted again`);
  return parts;
}

/** One string as a format may show it. */
export function maskText(text: string, showPii: boolean): string {
  return showPii ? text : maskNationalIds(text);
}

/**
 * Every rule a format must describe: the rules that ran, then (for findings of a rule the run
 * did not list, as in a hand-merged report) a description made from the finding.
 */
export function allRules(report: Pick<Report, 'rules' | 'findings'>): RuleMeta[] {
  const rules = new Map<string, RuleMeta>();
  for (const rule of report.rules) if (!rules.has(rule.id)) rules.set(rule.id, rule);
  for (const finding of report.findings) {
    if (rules.has(finding.ruleId)) continue;
    rules.set(finding.ruleId, {
      id: finding.ruleId,
      severity: finding.severity,
      category: finding.category,
      description: `Rule ${finding.ruleId}.`,
      docsUrl: finding.docsUrl,
      source: finding.source,
    });
  }
  return [...rules.values()];
}

/** `openapi.yaml:12:5`, `GET /v2/users/{nationalId}` (for contract findings), or the document. */
export function locationText(finding: Finding): string {
  if (finding.line !== undefined) return `${finding.document}:${finding.line}:${finding.column ?? 1}`;
  if (finding.operation) return finding.operation;
  return finding.document;
}

/** Most severe first, then in the report's stable order (document, line, column, rule). */
export function compareBySeverity(a: Finding, b: Finding): number {
  return (
    severityRank(a.severity) - severityRank(b.severity) ||
    a.document.localeCompare(b.document) ||
    (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0) ||
    a.ruleId.localeCompare(b.ruleId)
  );
}

export function bySeverity(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(compareBySeverity);
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** True for findings that came from a live server rather than the description. */
export function isContract(finding: Pick<Finding, 'source'>): boolean {
  return finding.source === 'response' || finding.source === 'contract';
}

/** The operations a report exercised: its list, then any operation a finding names that it lacks. */
export function reportOperations(report: Pick<Report, 'operations' | 'findings'>) {
  const operations = (report.operations ?? []).map((o) => ({ ...o }));
  const key = (document: string, operation: string) => `${document}\u0000${operation}`;
  const known = new Set(operations.map((o) => key(o.document, o.operation)));
  for (const finding of report.findings) {
    if (!finding.operation || !isContract(finding)) continue;
    const k = key(finding.document, finding.operation);
    if (known.has(k)) continue;
    known.add(k);
    const own = report.findings.filter((f) => f.document === finding.document && f.operation === finding.operation);
    const requests = new Set(own.flatMap((f) => (f.request ? [`${f.request.method} ${f.request.url}`] : [])));
    operations.push({
      document: finding.document,
      operation: finding.operation,
      ...(finding.operationId ? { operationId: finding.operationId } : {}),
      // A finding from a live exchange means at least one request was made.
      requests: Math.max(1, requests.size),
      findings: own.length,
    });
  }
  return operations;
}

/** `info.version` as a label: `v1.4.0` for `1.4.0`, and `v1` (not `vv1`) for a version that already says v. */
export function versionLabel(version: string): string {
  return /^v\d/i.test(version) ? version : `v${version}`;
}

/**
 * The coverage summary in one line: `Coverage 87% (4 operations; 877 requests of the phases examples,
 * coverage, fuzz, stateful; seed 7)`. The requests are the phases' own: Dredd's replay is not coverage,
 * so this count is the run's total less Dredd's, and says so.
 */
export function coverageLine(coverage: CoverageReport): string {
  const operations = coverage.operations.length;
  return `Coverage ${coverage.percent}% (${plural(operations, 'operation')}; ${plural(coverage.requests, 'request')} of the phases ${coverage.phases.join(', ')}; seed ${coverage.seed}${coverage.budgetSeconds !== undefined ? `; budget ${coverage.budgetSeconds} s` : ''})`;
}

/** One operation's coverage as table cells: requests per phase, statuses, inputs, constraints. */
export function coverageCells(
  operation: OperationCoverage,
  phases: readonly string[],
): { phases: string[]; statuses: string; inputs: string; constraints: string } {
  const missing = operation.statuses.documented.filter((status) => !operation.statuses.exercised.includes(status));
  return {
    phases: phases.map((phase) => String(operation.requests[phase] ?? 0)),
    statuses: `${operation.statuses.exercised.length}/${operation.statuses.documented.length}${missing.length ? ` (not: ${missing.join(', ')})` : ''}`,
    inputs: `${operation.inputs.exercised}/${operation.inputs.total}`,
    constraints: operation.skipped ? `skipped: ${operation.skipped}` : String(operation.constraints),
  };
}

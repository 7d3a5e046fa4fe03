import pc from 'picocolors';
import { summarise, type Finding, type Report, type Severity } from '../finding.js';
import { maskNationalIds } from '../pii.js';
import { scoreLabel, scoreReport } from '../score.js';
import { diffCountsText, isDiffReport, versionVerdict } from './diff.js';
import type { FormatContext } from './index.js';

const LABEL: Record<Severity, string> = { error: 'error', warn: 'warning', info: 'info', hint: 'hint' };
const RANK: Record<Severity, number> = { error: 0, warn: 1, info: 2, hint: 3 };

/**
 * The findings to list when at most `max` may be: the most severe, in report order. Counting sort
 * by severity, so a cut of Stripe's 23,000 findings costs one pass.
 */
export function listedFindings(findings: readonly Finding[], max: number | undefined): readonly Finding[] {
  if (!max || findings.length <= max) return findings;
  const counts = [0, 0, 0, 0];
  for (const finding of findings) counts[RANK[finding.severity]]!++;
  // The least severe rank that still fits, and how many of that rank fit.
  let rank = 0;
  let room = max;
  while (rank < 3 && counts[rank]! < room) room -= counts[rank++]!;
  const listed: Finding[] = [];
  for (const finding of findings) {
    const r = RANK[finding.severity];
    if (r < rank || (r === rank && room-- > 0)) listed.push(finding);
  }
  return listed;
}

const number = new Intl.NumberFormat('en-US');

/** "… and 22,850 more (most: rule-a 18,085, rule-b 3,100)": what the cut left out. */
function hiddenLine(findings: readonly Finding[], listed: readonly Finding[]): string {
  const shown = new Set(listed);
  const byRule = new Map<string, number>();
  for (const finding of findings) if (!shown.has(finding)) byRule.set(finding.ruleId, (byRule.get(finding.ruleId) ?? 0) + 1);
  const hidden = findings.length - listed.length;
  const most = [...byRule].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 3).map(([rule, count]) => `${rule} ${number.format(count)}`);
  return `… and ${number.format(hidden)} more problem${hidden === 1 ? '' : 's'} not listed (most: ${most.join(', ')}${byRule.size > 3 ? ', …' : ''}). List them all with --max-problems 0, or write every finding to a report: --format html --output report.html`;
}

/**
 * ESLint-style: findings grouped by document, `line:col  severity  rule  message  path` (contract
 * findings show their operation instead of `line:col`), then a summary line with the score. With
 * `maxProblems`, only that many are listed (the most severe), followed by a line on the rest.
 */
export function formatStylish(report: Report, context: FormatContext): string {
  const colors = pc.createColors(context.color);
  const paint: Record<Severity, (text: string) => string> = {
    error: colors.red,
    warn: colors.yellow,
    info: colors.blue,
    hint: colors.gray,
  };
  const mask = (text: string) => (context.showPii ? text : maskNationalIds(text));
  const listed = listedFindings(report.findings, context.maxProblems);
  const byDocument = new Map<string, Finding[]>();
  for (const finding of listed) {
    const list = byDocument.get(finding.document) ?? [];
    list.push(finding);
    byDocument.set(finding.document, list);
  }
  const lines: string[] = [];
  for (const [document, findings] of byDocument) {
    lines.push(colors.underline(document));
    const rows = findings.map((f) => [
      f.line !== undefined ? `${f.line}:${f.column ?? 1}` : f.operation ?? '-',
      LABEL[f.severity],
      f.ruleId,
      mask(f.message),
      mask(f.path.length ? f.path.map(String).join('.') : f.request ? `${f.request.method} ${f.request.url}` : ''),
    ]);
    const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i]!.length)));
    rows.forEach((row, index) => {
      const severity = findings[index]!.severity;
      lines.push(
        [
          ' ',
          row[0]!.padEnd(widths[0]!),
          paint[severity](row[1]!.padEnd(widths[1]!)),
          colors.dim(row[2]!.padEnd(widths[2]!)),
          row[3],
          colors.gray(row[4]!),
        ].join('  ').trimEnd(),
      );
    });
    lines.push('');
  }
  if (listed.length < report.findings.length) lines.push(colors.dim(hiddenLine(report.findings, listed)), '');
  const summary = summarise(report.findings);
  const total = report.findings.length;
  const counts = `${summary.error} error${summary.error === 1 ? '' : 's'}, ${summary.warn} warning${summary.warn === 1 ? '' : 's'}, ${summary.info} info, ${summary.hint} hint${summary.hint === 1 ? '' : 's'}`;
  const documents = `${report.documents.length} document${report.documents.length === 1 ? '' : 's'}`;
  if (report.operations?.length) {
    const requests = report.operations.reduce((sum, op) => sum + op.requests, 0);
    const failing = report.operations.filter((op) => op.findings > 0).length;
    lines.push(colors.dim(`${report.operations.length} operation${report.operations.length === 1 ? '' : 's'} tested with ${requests} request${requests === 1 ? '' : 's'}${failing ? `, ${failing} with findings` : ', all as described'}; ${report.rules.length} rules checked.`));
  }
  if (isDiffReport(report)) {
    // A diff: change counts per class and the version verdict instead of a conformance score.
    const verdict = versionVerdict(report);
    const changeCount = report.findings.filter((f) => !f.ruleId.startsWith('platform-version-')).length;
    const changes = `${diffCountsText(report.findings)} change${changeCount === 1 ? '' : 's'}`;
    lines.push(`${(summary.error ? colors.red : summary.warn ? colors.yellow : colors.green)(`${summary.error ? '✖' : '✔'} ${changes}.`)} ${(verdict.ok ? colors.green : colors.red)(`${verdict.text[0]!.toUpperCase()}${verdict.text.slice(1)}.`)}`);
    return `${lines.join('\n')}\n`;
  }
  const score = scoreReport(report);
  const scoreText = (score.grade === 'A' ? colors.green : score.grade === 'F' ? colors.red : colors.yellow)(`${scoreLabel(score)}.`);
  if (total === 0) lines.push(`${colors.green(`✔ No problems found in ${documents}.`)} ${scoreText}`);
  else lines.push(`${(summary.error ? colors.red : summary.warn ? colors.yellow : colors.blue)(`✖ ${total} problem${total === 1 ? '' : 's'} (${counts}) in ${documents}.`)} ${scoreText}`);
  return `${lines.join('\n')}\n`;
}

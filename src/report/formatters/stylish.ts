import pc from 'picocolors';
import { summarise, type Finding, type Report, type Severity } from '../finding.js';
import { maskNationalIds } from '../pii.js';
import { scoreLabel, scoreReport } from '../score.js';
import type { FormatContext } from './index.js';

const LABEL: Record<Severity, string> = { error: 'error', warn: 'warning', info: 'info', hint: 'hint' };

/**
 * ESLint-style: findings grouped by document, `line:col  severity  rule  message  path` (contract
 * findings show their operation instead of `line:col`), then a summary line with the score.
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
  const byDocument = new Map<string, Finding[]>();
  for (const finding of report.findings) {
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
  const summary = summarise(report.findings);
  const total = report.findings.length;
  const counts = `${summary.error} error${summary.error === 1 ? '' : 's'}, ${summary.warn} warning${summary.warn === 1 ? '' : 's'}, ${summary.info} info, ${summary.hint} hint${summary.hint === 1 ? '' : 's'}`;
  const documents = `${report.documents.length} document${report.documents.length === 1 ? '' : 's'}`;
  if (report.operations?.length) {
    const requests = report.operations.reduce((sum, op) => sum + op.requests, 0);
    const failing = report.operations.filter((op) => op.findings > 0).length;
    lines.push(colors.dim(`${report.operations.length} operation${report.operations.length === 1 ? '' : 's'} tested with ${requests} request${requests === 1 ? '' : 's'}${failing ? `, ${failing} with findings` : ', all as described'}; ${report.rules.length} rules checked.`));
  }
  const score = scoreReport(report);
  const scoreText = (score.grade === 'A' ? colors.green : score.grade === 'F' ? colors.red : colors.yellow)(`${scoreLabel(score)}.`);
  if (total === 0) lines.push(`${colors.green(`✔ No problems found in ${documents}.`)} ${scoreText}`);
  else lines.push(`${(summary.error ? colors.red : summary.warn ? colors.yellow : colors.blue)(`✖ ${total} problem${total === 1 ? '' : 's'} (${counts}) in ${documents}.`)} ${scoreText}`);
  return `${lines.join('\n')}\n`;
}

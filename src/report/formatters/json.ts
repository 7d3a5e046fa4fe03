import { counts, summarise, type Report } from '../finding.js';
import { maskDeep } from '../../pii.js';
import { scoreReport } from '../score.js';
import type { FormatContext } from './types.js';

/**
 * The JSON report (documented by `assets/report.schema.json`): a top-level object in the
 * platform's own conventions (camelCase, `createdTimestamp`), and the input of `vottur report`.
 * `summary` and `score` are derived from the findings (and recomputed when a report is read back).
 */
export function toJsonReport(report: Report, context: Pick<FormatContext, 'showPii'>) {
  const body = {
    tool: report.tool,
    createdTimestamp: report.createdTimestamp,
    documents: report.documents,
    // What counts: suppressed findings and those the baseline holds are listed, not counted.
    summary: summarise(report.findings.filter(counts)),
    score: scoreReport(report),
    rules: report.rules,
    findings: report.findings,
    ...(report.operations ? { operations: report.operations } : {}),
    ...(report.coverage ? { coverage: report.coverage } : {}),
    ...(report.baseline ? { baseline: report.baseline } : {}),
  };
  return context.showPii ? body : maskDeep(body);
}

export function formatJson(report: Report, context: FormatContext): string {
  return `${JSON.stringify(toJsonReport(report, context), null, 2)}\n`;
}

/**
 * GitHub Actions workflow commands: each finding becomes an annotation on the pull request and the
 * run summary (`::error file=…,line=…,col=…,title=rule-id::message`; `warning` for warn, `notice`
 * for info and hint). Contract findings are placed on their operation in the description file
 * when it is a local file, and carry no `file=` otherwise. A last plain line gives the score.
 */
import { summarise, type Report, type Severity } from '../finding.js';
import { scoreLabel, scoreReport } from '../score.js';
import { thresholdReasons } from '../gate.js';
import { absoluteScoreText, configurationLine } from './configuration.js';
import { findingPosition, SourceFiles } from '../source.js';
import { operationsNote, plural, visibleReport } from './common.js';
import type { FormatContext } from './types.js';
import { escapeControlsKeepingBreaks, escapedView } from '../../runtime/escape.js';

/** Text of the report as a workflow command may carry it: control characters and the runner's older `##[` syntax escaped. */
function commandText(text: string): string {
  const escaped = escapeControlsKeepingBreaks(text);
  return escaped.includes('##[') ? escaped.replaceAll('##[', '#\\u0023[') : escaped;
}

export const GITHUB_COMMAND: Record<Severity, 'error' | 'warning' | 'notice'> = {
  error: 'error',
  warn: 'warning',
  info: 'notice',
  hint: 'notice',
};

/** GitHub shows at most this many annotations of each kind (error, warning, notice) per step. */
export const ANNOTATIONS_PER_KIND = 10;

/** Escapes a command's message, as `@actions/core` does (`%`, CR, LF). */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a command property value: as the message, plus `:` and `,` which delimit properties. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function formatGithub(report: Report, context: FormatContext): string {
  const visible = escapedView(visibleReport(report, context.showPii), commandText);
  const sources = SourceFiles.forReport(report, context.cwd);
  const lines = visible.findings.map((finding, index) => {
    // The same finding unmasked and unescaped: its source position is looked up by the real path.
    const original = report.findings[index] ?? finding;
    const properties: Array<[string, string | number]> = [];
    // A document that is not a local file (a URL) cannot take an annotation in the diff.
    if (sources.isLocal(original.document)) {
      properties.push(['file', finding.document]);
      const position = findingPosition(original);
      if (position) {
        properties.push(['line', position.line], ['col', position.column]);
        if (finding.line !== undefined && finding.endLine !== undefined && finding.endLine >= position.line) {
          properties.push(['endLine', finding.endLine]);
          if (
            finding.endLine === position.line &&
            finding.endColumn !== undefined &&
            finding.endColumn >= position.column
          ) {
            properties.push(['endColumn', finding.endColumn]);
          }
        }
      }
    }
    properties.push(['title', finding.ruleId]);
    const where = finding.operation && finding.source !== 'lint' ? `${finding.operation}: ` : '';
    const message = `${where}${finding.message}${operationsNote(finding)}\nRule documentation: ${finding.docsUrl}`;
    const props = properties.map(([key, value]) => `${key}=${escapeProperty(String(value))}`).join(',');
    return `::${GITHUB_COMMAND[finding.severity]} ${props}::${escapeData(message)}`;
  });
  const summary = summarise(report.findings);
  const score = scoreReport(report);
  const kinds = { error: summary.error, warning: summary.warn, notice: summary.info + summary.hint };
  const capped = Object.values(kinds).some((count) => count > ANNOTATIONS_PER_KIND);
  const absolute = absoluteScoreText(report);
  lines.push(
    `vottur: ${scoreLabel(score)}${absolute ? ` (${absolute})` : ''}; ${plural(summary.error, 'error')}, ${plural(summary.warn, 'warning')}, ${summary.info} info, ${plural(summary.hint, 'hint')} in ${plural(report.documents.length, 'document')}.` +
      (capped
        ? ` GitHub shows only the first ${ANNOTATIONS_PER_KIND} annotations of each kind per step; every finding is in the log above.`
        : ''),
  );
  // A threshold missed fails the run with no finding to annotate: one error annotation says so.
  const missed = thresholdReasons(visible);
  if (missed.length > 0) lines.push(`::error title=vottur::${escapeData(`The run fails: ${missed.join('; ')}.`)}`);
  // What changed the verdict: one line a reviewer reads in the log (masked as the rest).
  const configuration = configurationLine(visible);
  if (configuration) lines.push(`vottur: ${configuration}`);
  return `${lines.join('\n')}\n`;
}

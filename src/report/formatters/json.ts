import { counts, summarise, type Report } from '../finding.js';
import { maskedView, maskJsonText } from '../../pii.js';
import { absoluteScore, scoreReport } from '../score.js';
import type { FormatContext } from './types.js';
import { escapeJsonText } from '../../runtime/escape.js';

/**
 * The JSON report (documented by `assets/report.schema.json`): a top-level object in the
 * platform's own conventions (camelCase, `createdTimestamp`), and the input of `vottur report`.
 * `summary` and `score` are derived from the findings (and recomputed when a report is read back).
 */
export function toJsonReport(report: Report, context: Pick<FormatContext, 'showPii'>) {
  const body = jsonBody(report);
  return context.showPii ? body : maskedView(body);
}

function jsonBody(report: Report) {
  const score = scoreReport(report);
  return {
    tool: report.tool,
    createdTimestamp: report.createdTimestamp,
    documents: report.documents,
    // What counts: suppressed findings and those the baseline holds are listed, not counted.
    summary: summarise(report.findings.filter(counts)),
    score,
    // Beside the gate's score (what counts): every finding counted, held back or not (the same
    // score, not computed twice, when every finding counts).
    absoluteScore: (({ score, grade }) => ({ score, grade }))(
      report.findings.every(counts) ? score : absoluteScore(report),
    ),
    rules: report.rules,
    findings: report.findings,
    ...(report.operations ? { operations: report.operations } : {}),
    ...(report.coverage ? { coverage: report.coverage } : {}),
    ...(report.baseline ? { baseline: report.baseline } : {}),
    ...(report.configuration ? { configuration: report.configuration } : {}),
    ...(report.diff ? { diff: report.diff } : {}),
    ...(report.gate ? { gate: report.gate } : {}),
  };
}

/**
 * Findings rendered (and masked) at a time: a piece of the report of some tens of kB. Pieces of
 * 500 findings (~0.5 MB strings, each in V8's large-object space) left Stripe's report at 169 MB
 * of peak memory; of 40, 155 MB, and less time.
 */
export const FINDINGS_PER_CHUNK = 40;

/** What `JSON.stringify({ findings: [...] }, null, 2)` writes around the findings themselves. */
const FINDINGS_OPEN = '{\n  "findings": [\n';
const FINDINGS_CLOSE = '\n  ]\n}';

/**
 * The JSON report in pieces, in order: the same text as `formatJson`, character for character
 * (`JSON.stringify(report, null, 2)` and a newline), without ever holding all of it. A report of
 * 22,000 findings is 22 MB of text; written piece by piece, neither that text nor its bytes on the
 * way out are in memory at once, and the findings are masked a piece at a time, as text.
 */
export function* formatJsonChunks(report: Report, context: FormatContext): Generator<string> {
  // The same JSON value, with the controls JSON.stringify leaves raw written as escapes.
  for (const chunk of jsonChunks(report, context)) yield escapeJsonText(chunk);
}

function* jsonChunks(report: Report, context: FormatContext): Generator<string> {
  const mask = <T>(value: T): T => (context.showPii ? value : maskedView(value));
  const body: Record<string, unknown> = jsonBody(report);
  let first = true;
  let text = '{';
  for (const key of Object.keys(body)) {
    const value = body[key];
    if (key === 'findings' && Array.isArray(value) && value.length > 0) {
      text += `${first ? '' : ','}\n  ${JSON.stringify(key)}: [\n`;
      first = false;
      for (let start = 0; start < value.length; start += FINDINGS_PER_CHUNK) {
        const findings = value.slice(start, start + FINDINGS_PER_CHUNK);
        const plain = JSON.stringify({ findings }, null, 2);
        // Masked as text (almost no string holds an identifier), or as values where text cannot tell.
        const piece = context.showPii
          ? plain
          : (maskJsonText(plain) ?? JSON.stringify({ findings: maskedView(findings) }, null, 2));
        yield `${text}${start === 0 ? '' : ',\n'}${piece.slice(FINDINGS_OPEN.length, piece.length - FINDINGS_CLOSE.length)}`;
        text = '';
      }
      text += '\n  ]';
      continue;
    }
    // As JSON.stringify does: a member whose value has no JSON (undefined) is left out.
    const json = JSON.stringify(mask(value), null, 2) as string | undefined;
    if (json === undefined) continue;
    text += `${first ? '' : ','}\n  ${JSON.stringify(key)}: ${json.replaceAll('\n', '\n  ')}`;
    first = false;
  }
  yield `${text}${first ? '}' : '\n}'}\n`;
}

export function formatJson(report: Report, context: FormatContext): string {
  let text = '';
  for (const chunk of formatJsonChunks(report, context)) text += chunk;
  return text;
}

import pc from 'picocolors';
import { summarise, type Finding, type Report, type Severity } from '../finding.js';
import { scoreLabel, scoreReport } from '../score.js';
import { thresholdReasons } from '../gate.js';
import { absoluteScoreText, configurationLine } from './configuration.js';
import { capitalised, coverageLine, isContract, maskText, notCountedParts, visibleReport } from './common.js';
import { acceptedReason, diffCountsText, isDiffReport, messageWithOperations, versionVerdict } from './diff.js';
import type { FormatContext } from './types.js';
import { escapedView, escapeLine, neutraliseCommandLines } from '../../runtime/escape.js';
import { pushTo } from '../../runtime/group.js';

const LABEL: Record<Severity, string> = { error: 'error', warn: 'warning', info: 'info', hint: 'hint' };
const RANK: Record<Severity, number> = { error: 0, warn: 1, info: 2, hint: 3 };

/**
 * The findings to list when at most `max` may be: the most severe, in report order. Counting sort
 * by severity, so a cut of Stripe's 23,000 findings costs one pass. With `documents` (several
 * documents, worst first), the room left at the severity that is cut is shared between the
 * documents, so every document shows its most severe findings, not only the first two in
 * alphabetical order; what a share leaves unused goes to the next documents, worst first.
 */
export function listedFindings(
  findings: readonly Finding[],
  max: number | undefined,
  documents?: readonly string[],
): readonly Finding[] {
  if (!max || findings.length <= max) return findings;
  const counts: Record<Severity, number> = { error: 0, warn: 0, info: 0, hint: 0 };
  for (const finding of findings) counts[finding.severity]++;
  // The least severe rank that still fits, and how many of that rank fit.
  let rank = 0;
  let room = max;
  for (const severity of ['error', 'warn', 'info'] as const) {
    if (counts[severity] >= room) break;
    room -= counts[severity];
    rank++;
  }
  const allowance = documents && documents.length > 1 ? shares(findings, rank, room, documents) : undefined;
  const listed: Finding[] = [];
  for (const finding of findings) {
    const r = RANK[finding.severity];
    if (r < rank) listed.push(finding);
    else if (r === rank) {
      if (!allowance) {
        if (room-- > 0) listed.push(finding);
        continue;
      }
      const left = allowance.get(finding.document) ?? 0;
      if (left > 0) {
        allowance.set(finding.document, left - 1);
        listed.push(finding);
      }
    }
  }
  return listed;
}

/** `room` findings of rank `rank` shared between the documents: equal shares, the rest worst first. */
function shares(findings: readonly Finding[], rank: number, room: number, documents: readonly string[]) {
  const available = new Map<string, number>(documents.map((document) => [document, 0]));
  for (const finding of findings)
    if (RANK[finding.severity] === rank) available.set(finding.document, (available.get(finding.document) ?? 0) + 1);
  const order = [...documents, ...[...available.keys()].filter((document) => !documents.includes(document))];
  const given = new Map<string, number>(order.map((document) => [document, 0]));
  let left = room;
  // Rounds of one each, worst first, until the room is used: at most `room` steps overall.
  while (left > 0) {
    let progressed = false;
    for (const document of order) {
      if (left === 0) break;
      const taken = given.get(document) ?? 0;
      if (taken < (available.get(document) ?? 0)) {
        given.set(document, taken + 1);
        left--;
        progressed = true;
      }
    }
    if (!progressed) break;
  }
  return given;
}

/**
 * A count with thousands separated by commas, as `Intl.NumberFormat('en-US')` writes it (`22,850`),
 * without making one: that costs ~9 ms of ICU set-up in every process that loads this module.
 */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+$)/g, ',');
}

const number = { format: formatCount };

/** "… and 22,850 more (most: rule-a 18,085, rule-b 3,100)": what the cut left out. */
function hiddenLine(findings: readonly Finding[], listed: readonly Finding[], shared: boolean): string {
  const shown = new Set(listed);
  const byRule = new Map<string, number>();
  for (const finding of findings)
    if (!shown.has(finding)) byRule.set(finding.ruleId, (byRule.get(finding.ruleId) ?? 0) + 1);
  const hidden = findings.length - listed.length;
  const most = [...byRule]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 3)
    .map(([rule, count]) => `${rule} ${number.format(count)}`);
  // Several documents: say how the listed ones were chosen, so the list and the table above agree.
  const how = shared ? ' Listed: the most severe of each document, in the order of the table above.' : '';
  return `… and ${number.format(hidden)} more problem${hidden === 1 ? '' : 's'} not listed (most: ${most.join(', ')}${byRule.size > 3 ? ', …' : ''}).${how} List them all with --max-problems 0, or write every finding to a report: --format html --output report.html`;
}

/**
 * What a contract finding adds to its operation: the request it is about (status and URL), or
 * where in the answer's body, when the finding points there rather than into the description.
 */
function contractDetail(finding: Finding): string {
  if (finding.request)
    return `${finding.request.status !== undefined ? `${finding.request.status} ` : ''}${finding.request.method} ${finding.request.url}`;
  if (finding.path.length && finding.path[0] !== 'paths') return finding.path.map(String).join('.');
  return '';
}

/** Members of a report this format never shows. */
const UNREAD: ReadonlySet<string> = new Set(['fingerprint']);

/**
 * ESLint-style: findings grouped by document, `line:col  severity  rule  message  path` (contract
 * findings show their operation instead of `line:col`), then a summary line with the score. With
 * `maxProblems`, only that many are listed (the most severe), followed by a line on the rest.
 */
export function formatStylish(input: Report, context: FormatContext): string {
  // Every text from a document or a server masked as every format masks it (the rule id column
  // too: it was printed from the unmasked report, o34r6 M02), then on one line, its control
  // characters shown escaped. A fingerprint is never shown here: not read, so not computed (src/lint/lint.ts).
  const report = escapedView(visibleReport(input, context.showPii, UNREAD), escapeLine, UNREAD);
  const colors = pc.createColors(context.color);
  const paint: Record<Severity, (text: string) => string> = {
    error: colors.red,
    warn: colors.yellow,
    info: colors.blue,
    hint: colors.gray,
  };
  // Text stylish joins from several strings of the report (a path, operations, a list): masked again as joined.
  const mask = (text: string) => maskText(text, context.showPii);
  // --quiet leaves out the rows below error; the counts, the score and the cut line still see all.
  const candidates = context.quiet ? report.findings.filter((f) => f.severity === 'error') : report.findings;
  const lines: string[] = [];
  // Several documents: one line each first (score, errors, warnings, info), worst first, then the
  // findings of each document in the same order, the cut shared between them.
  const several = report.documents.length > 1 && !isDiffReport(report);
  const rows = several
    ? scoreReport(report).byDocument.sort(
        (a, b) =>
          a.score - b.score ||
          b.summary.error - a.summary.error ||
          b.summary.warn - a.summary.warn ||
          (a.document < b.document ? -1 : 1),
      )
    : [];
  const order = rows.map((row) => row.document);
  const listed = listedFindings(candidates, context.maxProblems, several ? order : undefined);
  const byDocument = new Map<string, Finding[]>(order.map((document) => [document, []]));
  for (const finding of listed) {
    const list = byDocument.get(finding.document) ?? [];
    list.push(finding);
    byDocument.set(finding.document, list);
  }
  for (const [document, list] of byDocument) if (list.length === 0) byDocument.delete(document);
  if (several) {
    const width = Math.max(...rows.map((row) => String(row.summary.error).length + 7));
    for (const row of rows) {
      const grade = (row.grade === 'A' ? colors.green : row.grade === 'F' ? colors.red : colors.yellow)(
        `${String(row.score).padStart(3)}/100 ${row.grade}`,
      );
      // Info counts too, as the summary line does, so the rows add up to it.
      lines.push(
        `${grade}  ${`${row.summary.error} error${row.summary.error === 1 ? '' : 's'}`.padEnd(width + 1)}  ${`${row.summary.warn} warning${row.summary.warn === 1 ? '' : 's'}`.padEnd(12)}  ${`${row.summary.info} info`.padEnd(8)}  ${mask(row.document)}`,
      );
    }
    lines.push('');
  }
  /** Rows in aligned columns: the first `aligned` columns padded, the rest as they are. */
  const table = (rows: Array<{ finding: Finding; cells: string[] }>, indent: string) => {
    const columns = rows[0]?.cells.length ?? 0;
    const widths = Array.from({ length: columns }, (_, i) => Math.max(...rows.map((row) => row.cells[i]?.length ?? 0)));
    const last = columns - 1;
    for (const { finding, cells } of rows) {
      const painted = cells.map((cell, i) => {
        // The message and what follows it are not padded: a long one must not widen every row.
        const text = i < last - 1 ? cell.padEnd(widths[i] ?? 0) : cell;
        if (i === last) return colors.gray(text);
        if (i === last - 2) return colors.dim(text);
        if (i === last - 3) return paint[finding.severity](text);
        return text;
      });
      lines.push(`${indent}${painted.join('  ')}`.trimEnd());
    }
  };
  for (const [document, findings] of byDocument) {
    lines.push(colors.underline(mask(document)));
    // Findings on the description: `line:col  severity  rule  message  path`.
    const onDescription = findings.filter((f) => f.line !== undefined || !isContract(f));
    if (onDescription.length) {
      table(
        onDescription.map((f) => ({
          finding: f,
          cells: [
            f.line !== undefined ? `${f.line}:${f.column ?? 1}` : '-',
            LABEL[f.severity],
            f.ruleId,
            // A diff change names the operations it reaches: its path may be a shared component's.
            mask(f.source === 'diff' ? messageWithOperations(f) : f.message),
            mask(f.path.length ? f.path.map(String).join('.') : ''),
          ],
        })),
        '  ',
      );
    }
    // Findings of a live run, under their operation: `severity  rule  message  request`. The
    // operation is said once, as a heading, and not again in a path into the description.
    const byOperation = new Map<string, Finding[]>();
    for (const f of findings) {
      if (f.line !== undefined || !isContract(f)) continue;
      const key = f.operation ?? '';
      pushTo(byOperation, key, f);
    }
    for (const [operation, own] of byOperation) {
      lines.push(`  ${operation ? mask(operation) : 'the run as a whole'}`);
      table(
        own.map((f) => ({
          finding: f,
          cells: [LABEL[f.severity], f.ruleId, mask(f.message), mask(contractDetail(f))],
        })),
        '    ',
      );
    }
    lines.push('');
  }
  if (listed.length < candidates.length) lines.push(colors.dim(hiddenLine(candidates, listed, several)), '');
  const quietened = report.findings.length - candidates.length;
  if (quietened > 0)
    lines.push(
      colors.dim(
        `${quietened} finding${quietened === 1 ? '' : 's'} below error not listed (--quiet); the counts and the score include ${quietened === 1 ? 'it' : 'them'}.`,
      ),
      '',
    );
  const notCounted = notCountedParts(report);
  const absolute = absoluteScoreText(report);
  if (notCounted.length > 0 || absolute)
    lines.push(colors.dim(`Not counted: ${[...notCounted, ...(absolute ? [absolute] : [])].join('; ')}.`));
  const configuration = configurationLine(report);
  if (configuration) lines.push(colors.dim(mask(configuration)));
  const summary = summarise(report.findings);
  const total = report.findings.length;
  const counts = `${summary.error} error${summary.error === 1 ? '' : 's'}, ${summary.warn} warning${summary.warn === 1 ? '' : 's'}, ${summary.info} info, ${summary.hint} hint${summary.hint === 1 ? '' : 's'}`;
  const documents = `${report.documents.length} document${report.documents.length === 1 ? '' : 's'}`;
  if (report.operations?.length) {
    const requests = report.operations.reduce((sum, op) => sum + op.requests, 0);
    const untested = report.operations.filter((op) => op.notTested !== undefined);
    const tested = report.operations.length - untested.length;
    const failing = report.operations.filter((op) => op.findings > 0 && op.notTested === undefined).length;
    const outcome = tested === 0 ? '' : failing ? `, ${failing} with findings` : ', all as described';
    // The coverage line counts the phases' requests only; say here which of the total were Dredd's,
    // so the two figures add up on screen.
    const dredd = report.coverage ? requests - report.coverage.requests : 0;
    const ofWhich = dredd > 0 ? ` (${dredd} of them by Dredd)` : '';
    lines.push(
      colors.dim(
        `${tested} of ${report.operations.length} operation${report.operations.length === 1 ? '' : 's'} tested with ${requests} request${requests === 1 ? '' : 's'}${ofWhich}${outcome}; ${rulesChecked(report.rules)}.`,
      ),
    );
    if (untested.length > 0) {
      const shown = untested.slice(0, 5).map((op) => `${op.operation} (${op.notTested})`);
      const more = untested.length > shown.length ? `, and ${untested.length - shown.length} more` : '';
      lines.push(
        colors.red(
          `${untested.length} operation${untested.length === 1 ? '' : 's'} not tested, counted against the score: ${mask(shown.join('; '))}${more}.`,
        ),
      );
    }
  }
  if (isDiffReport(report)) {
    // A diff: change counts per class and the version verdict instead of a conformance score.
    const verdict = versionVerdict(report);
    const changeCount = report.findings.filter((f) => f.changeClass !== undefined).length;
    // "1 change: 1 breaking, 0 needing review, …": the count the noun goes with, then the classes.
    const changes = `${changeCount} change${changeCount === 1 ? '' : 's'}: ${diffCountsText(report)}`;
    for (const finding of report.accepted ?? []) {
      lines.push(
        colors.dim(
          `accepted: ${mask(`${finding.ruleId} ${finding.message}`)} (${finding.document}${finding.line !== undefined ? `:${finding.line}` : ''}), because: ${mask(acceptedReason(finding) ?? '')}`,
        ),
      );
    }
    lines.push(
      `${(summary.error ? colors.red : summary.warn ? colors.yellow : colors.green)(`${summary.error ? '✖' : '✔'} ${changes}.`)} ${(verdict.ok ? colors.green : colors.red)(`${capitalised(verdict.text)}.`)}`,
    );
    return `${neutraliseCommandLines(lines.join('\n'))}\n`;
  }
  if (report.coverage) lines.push(coverageLine(report.coverage));
  const score = scoreReport(report);
  // A failing run (a threshold missed, or --fail-severity met below error) shows no green mark or grade.
  const missed = thresholdReasons(report);
  const scoreText = (
    score.grade === 'F' || report.gate?.passed === false
      ? colors.red
      : score.grade === 'A'
        ? colors.green
        : colors.yellow
  )(`${scoreLabel(score)}.`);
  if (total === 0 && missed.length > 0)
    lines.push(
      `${colors.red(`✖ No problems found in ${documents}, but the run fails: ${mask(missed.join('; '))}.`)} ${scoreText}`,
    );
  else if (total === 0) lines.push(`${colors.green(`✔ No problems found in ${documents}.`)} ${scoreText}`);
  else
    lines.push(
      `${(summary.error ? colors.red : summary.warn ? colors.yellow : colors.blue)(`✖ ${total} problem${total === 1 ? '' : 's'} (${counts}) in ${documents}.`)} ${scoreText}`,
    );
  if (total > 0 && missed.length > 0) lines.push(colors.red(`✖ The run fails: ${mask(missed.join('; '))}.`));
  // A line starting with `::` is a command to a GitHub runner reading this log.
  return `${neutraliseCommandLines(lines.join('\n'))}\n`;
}

/**
 * The rules a run checked, by kind: `77 rules checked (49 lint, 28 contract)`. The lint rules are
 * the description's (vottur's and any ruleset the configuration adds), the others the contract
 * checks on the server's answers; `vottur rules` lists both.
 */
function rulesChecked(rules: Report['rules']): string {
  const bySource = new Map<string, number>();
  // The checks on an answer (`response`) are contract checks to the reader, as `vottur rules` groups them.
  for (const { source } of rules) {
    const kind = source === 'response' ? 'contract' : source;
    bySource.set(kind, (bySource.get(kind) ?? 0) + 1);
  }
  const order = ['lint', 'contract', 'diff', 'catalogue'];
  const parts = [...bySource]
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([source, n]) => `${n} ${source}`);
  return `${rules.length} rule${rules.length === 1 ? '' : 's'} checked${parts.length > 1 ? ` (${parts.join(', ')})` : ''}`;
}

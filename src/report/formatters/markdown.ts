/**
 * A Markdown summary for a pull-request comment, a job summary (`$GITHUB_STEP_SUMMARY`) or a
 * review record: title, score and grade, totals per severity, a table of documents, a table of
 * categories, the contract results per operation, and a table of findings per category, most
 * severe first and capped ("…and N more"), each linking to its rule's documentation.
 * GitHub-flavoured (tables); every text from the report is escaped so it cannot break a table,
 * start a link or inject HTML.
 */
import type { ChangeClass, Finding, Report, Severity } from '../finding.js';
import { summarise } from '../finding.js';
import { CATEGORIES, scoreLabel, scoreReport } from '../score.js';
import { passingCaveat } from '../gate.js';
import { absoluteScoreText, NOT_COUNTED_TITLE, shownItems } from './configuration.js';
import { hasConfiguration } from '../finding.js';
import {
  operationsNote,
  bySeverity,
  capitalised,
  CATEGORY_TITLE,
  coverageCells,
  coverageLine,
  locationText,
  maskText,
  notCountedParts,
  plural,
  reportOperations,
  SEVERITY_LABEL,
  TOOL_INFORMATION_URI,
  versionLabel,
  visibleReport,
} from './common.js';
import {
  acceptedReason,
  CHANGE_CLASS_LABEL,
  CHANGE_CLASS_TITLE,
  CLASS_ORDER,
  diffCountsText,
  isDiffReport,
  isVersionFinding,
  listingNote,
  versionVerdict,
} from './diff.js';
import type { FormatContext } from './types.js';
import { escapedView, escapeLine, neutraliseCommandLines } from '../../runtime/escape.js';

/** Findings shown per category before "…and N more". */
export const MARKDOWN_FINDINGS_PER_CATEGORY = 10;

const SEVERITY_MARK: Record<Severity, string> = { error: '🔴', warn: '🟠', info: '🔵', hint: '⚪' };

/**
 * Backslash-escapes the characters that could start inline Markdown syntax (emphasis, links,
 * images, HTML, entities, strikethrough, table cells). Text from the report never starts a line,
 * so block syntax (lists, headings) cannot arise.
 */
function escapePlain(text: string): string {
  return text.replace(/[\\`*_[\]<>|~&!#]/g, (c) => `\\${c}`);
}

/**
 * Inline text for a paragraph or a table cell: code spans (`…`) are kept as code, with `|`
 * escaped as GFM tables require; everything else is escaped; line breaks become spaces.
 */
/** The other findings of the same cause, listed under the message (one table cell: `<br>` between them). */
function evidence(finding: Finding): string {
  const items = (finding.related ?? []).filter((r) => r.ruleId !== undefined && r.message !== undefined);
  return items.map((r) => `<br>↳ same cause: ${code(r.ruleId ?? '')} ${inline(r.message ?? '')}`).join('');
}

export function inline(text: string): string {
  const flat = text.replace(/\r\n|\r|\n/g, ' ').trim();
  let out = '';
  let index = 0;
  while (index < flat.length) {
    const tick = flat.indexOf('`', index);
    if (tick < 0) {
      out += escapePlain(flat.slice(index));
      break;
    }
    out += escapePlain(flat.slice(index, tick));
    let runEnd = tick;
    while (flat[runEnd] === '`') runEnd++;
    const run = flat.slice(tick, runEnd);
    // The closing run must be exactly as long as the opening one.
    let close = -1;
    let search = runEnd;
    while (search < flat.length) {
      const next = flat.indexOf(run, search);
      if (next < 0) break;
      let end = next + run.length;
      if (flat[next - 1] !== '`' && flat[end] !== '`') {
        close = next;
        break;
      }
      while (flat[end] === '`') end++;
      search = end;
    }
    if (close < 0) {
      out += run.replace(/`/g, '\\`');
      index = runEnd;
      continue;
    }
    const code = flat.slice(runEnd, close).replace(/\|/g, '\\|');
    out += `${run}${code}${run}`;
    index = close + run.length;
  }
  return out;
}

/** A URL fit for a Markdown link destination, or undefined for anything but http(s). */
function linkTarget(url: string): string | undefined {
  if (!/^https?:\/\//i.test(url)) return undefined;
  return url.replace(/[\s()<>|\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

function link(text: string, url: string): string {
  const target = linkTarget(url);
  return target ? `[${inline(text)}](${target})` : inline(text);
}

function code(text: string): string {
  // A code span that cannot be closed early: fence with more backticks than the text holds.
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const body = text.replace(/\r\n|\r|\n/g, ' ').replace(/\|/g, '\\|');
  const pad = body.startsWith('`') || body.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${body}${pad}${fence}`;
}

function table(header: string[], align: Array<'l' | 'r' | 'c'>, rows: string[][]): string[] {
  const rule = align.map((a) => (a === 'r' ? '---:' : a === 'c' ? ':---:' : '---'));
  return [`| ${header.join(' | ')} |`, `| ${rule.join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)];
}

function severityCell(severity: Severity): string {
  return `${SEVERITY_MARK[severity]} ${SEVERITY_LABEL[severity]}`;
}

/**
 * The page as printed: no line of it starts a CI workflow command or holds `##[` (a code span shows
 * text as written, so the backslash escapes of `inline` do not cover it), whatever a text held.
 */
function printed(out: readonly string[]): string {
  return `${neutraliseCommandLines(out.join('\n').trimEnd())}\n`;
}

export function formatMarkdown(input: Report, context: FormatContext): string {
  // Every text from a document or a server on one line, its control characters shown escaped.
  const report = escapedView(input, escapeLine);
  if (isDiffReport(report)) return formatChangelog(report, context);
  const visible = visibleReport(report, context.showPii);
  const score = scoreReport(report);
  const summary = summarise(report.findings);
  const out: string[] = [];

  const single = visible.documents.length === 1 ? visible.documents[0] : undefined;
  const subject = single
    ? [single.title ?? single.path, single.version ? versionLabel(single.version) : ''].filter(Boolean).join(' ')
    : plural(visible.documents.length, 'document');
  out.push(`# ${inline(`vottur report: ${subject}`)}`, '');
  // The verdict first, as the exit code gives it (issue 34, attack B11): a grade is no verdict (a
  // warning under --fail-severity warn fails a run that scores 97 (A)), and no format shows a
  // passing grade on a failing run without saying it fails.
  const gate = visible.gate;
  const caveat = passingCaveat(visible);
  if (gate)
    out.push(
      !gate.passed
        ? `**❌ The run fails**: ${inline(gate.reasons.join('; '))}.`
        : caveat
          ? `**⚠️ The run passes, but ${inline(caveat)}.**`
          : '**✅ The run passes.**',
      '',
    );
  out.push(
    `**${inline(scoreLabel(score))}**: ${plural(summary.error, 'error')}, ${plural(summary.warn, 'warning')}, ${summary.info} info, ${plural(summary.hint, 'hint')} in ${plural(visible.documents.length, 'document')}.`,
    '',
  );
  const notCounted = notCountedParts(report);
  if (notCounted.length > 0) out.push(`**Not counted** in the figures above: ${inline(notCounted.join('; '))}.`, '');
  out.push(
    `${link(`${visible.tool.name} ${visible.tool.version}`, TOOL_INFORMATION_URI)}, ${inline(visible.createdTimestamp)}.`,
    '',
  );
  out.push(...notCountedSection(visible));

  out.push('## Documents', '');
  out.push(
    ...table(
      ['Document', 'Title', 'Version', 'Score', 'Grade', 'Errors', 'Warnings', 'Info', 'Hints'],
      ['l', 'l', 'l', 'r', 'c', 'r', 'r', 'r', 'r'],
      score.byDocument.map((d) => {
        const info = visible.documents.find((doc) => doc.path === maskText(d.document, context.showPii));
        return [
          code(maskText(d.document, context.showPii)),
          inline(info?.title ?? ''),
          inline(info?.version ?? ''),
          String(d.score),
          d.grade,
          String(d.summary.error),
          String(d.summary.warn),
          String(d.summary.info),
          String(d.summary.hint),
        ];
      }),
    ),
    '',
  );

  out.push('## Categories', '');
  out.push(
    ...table(
      ['Category', 'Score', 'Grade', 'Rules', 'Errors', 'Warnings', 'Info', 'Hints'],
      ['l', 'r', 'c', 'r', 'r', 'r', 'r', 'r'],
      CATEGORIES.map((category) => {
        const c = score.byCategory[category];
        return [
          CATEGORY_TITLE[category],
          String(c.score),
          c.grade,
          String(c.rules),
          String(c.summary.error),
          String(c.summary.warn),
          String(c.summary.info),
          String(c.summary.hint),
        ];
      }),
    ),
    '',
  );

  const operations = reportOperations(visible);
  if (operations.length > 0) {
    out.push('## Contract results', '');
    out.push(
      ...table(
        ['Operation', 'operationId', 'Requests', 'Findings', 'Result'],
        ['l', 'l', 'r', 'r', 'l'],
        operations.map((o) => {
          const own = visible.findings.filter(
            (f) => f.source !== 'lint' && f.document === o.document && f.operation === o.operation,
          );
          const worst = own.some((f) => f.severity === 'error')
            ? '🔴 failed'
            : own.some((f) => f.severity === 'warn')
              ? '🟠 warnings'
              : '✅ passed';
          return [
            code(o.operation),
            o.operationId ? code(o.operationId) : '',
            String(o.requests),
            String(o.findings),
            o.notTested !== undefined
              ? `🔴 not tested: ${maskText(o.notTested, context.showPii)}`
              : o.requests === 0
                ? '⏭️ not exercised'
                : worst,
          ];
        }),
      ),
      '',
    );
  }

  if (visible.coverage) {
    const coverage = visible.coverage;
    out.push('## Coverage', '', inline(coverageLine(coverage)), '');
    out.push(
      ...table(
        ['Operation', ...coverage.phases.map(capitalised), 'Statuses', 'Inputs', 'Constraints'],
        ['l', ...coverage.phases.map((): 'r' => 'r'), 'l', 'r', 'l'],
        coverage.operations.map((o) => {
          const cells = coverageCells(o, coverage.phases);
          return [code(o.operation), ...cells.phases, inline(cells.statuses), cells.inputs, inline(cells.constraints)];
        }),
      ),
      '',
    );
  }

  out.push('## Findings', '');
  if (visible.findings.length === 0) {
    out.push('No findings.', '');
  }
  for (const category of CATEGORIES) {
    const findings = bySeverity(visible.findings.filter((f) => f.category === category));
    if (findings.length === 0) continue;
    const c = score.byCategory[category];
    out.push(`### ${inline(`${CATEGORY_TITLE[category]}: ${c.score} (${c.grade})`)}`, '');
    const shown = findings.slice(0, MARKDOWN_FINDINGS_PER_CATEGORY);
    out.push(
      ...table(
        ['Severity', 'Rule', 'Message', 'Location'],
        ['l', 'l', 'l', 'l'],
        shown.map((f: Finding) => [
          severityCell(f.severity),
          link(f.ruleId, f.docsUrl),
          `${inline(f.message)}${evidence(f)}`,
          code(locationText(f)),
        ]),
      ),
      '',
    );
    const more = findings.length - shown.length;
    if (more > 0)
      out.push(
        `_…and ${more} more ${CATEGORY_TITLE[category].toLowerCase()} ${more === 1 ? 'finding' : 'findings'}._`,
        '',
      );
  }
  return printed(out);
}

const classRank = (f: Finding) => CLASS_ORDER.indexOf(f.changeClass ?? 'documentation');

/**
 * A `vottur diff` report as a changelog for a pull request: the version verdict and counts, the
 * versioning findings, then one section per operation (those with breaking changes first; changes
 * to no single operation under "Whole API"), each change most severe first.
 */
function formatChangelog(report: Report, context: FormatContext): string {
  const visible = visibleReport(report, context.showPii);
  const [base, revision] = visible.documents;
  const verdict = versionVerdict(report);
  const out: string[] = [];
  const title = revision?.title ?? base?.title ?? revision?.path ?? 'API';
  out.push(`# ${inline(`API changes: ${title} ${base?.version ?? '?'} → ${revision?.version ?? '?'}`)}`, '');
  out.push(
    `${verdict.ok ? '✅' : '🔴'} **${inline(capitalised(verdict.text))}.** ${inline(diffCountsText(visible))}.`,
    '',
  );
  out.push(
    `Comparing ${code(base?.path ?? '?')} (base) with ${code(revision?.path ?? '?')} (revision); ${link(`${visible.tool.name} ${visible.tool.version}`, TOOL_INFORMATION_URI)}, ${inline(visible.createdTimestamp)}.`,
    '',
  );
  out.push(...notCountedSection(visible));
  const line = (f: Finding) =>
    `- ${SEVERITY_MARK[f.severity]} **${f.changeClass ? CHANGE_CLASS_LABEL[f.changeClass] : SEVERITY_LABEL[f.severity]}** ${link(f.ruleId, f.docsUrl)}: ${inline(`${f.message}${operationsNote(f)}`)} (${code(locationText(f))})`;
  const versioning = bySeverity(visible.findings.filter(isVersionFinding));
  if (versioning.length) out.push('## Version', '', ...versioning.map(line), '');
  const groups = new Map<string, Finding[]>();
  for (const finding of visible.findings) {
    if (isVersionFinding(finding)) continue;
    // A change to a shared component is listed under every operation it reaches.
    for (const key of finding.operations ?? [finding.operation ?? 'Whole API']) {
      const group = groups.get(key);
      if (group) group.push(finding);
      else groups.set(key, [finding]);
    }
  }
  const worst = (findings: Finding[]) =>
    findings.reduce((least, finding) => Math.min(least, classRank(finding)), Infinity);
  const ordered = [...groups].sort(
    (a, b) =>
      worst(a[1]) - worst(b[1]) ||
      (a[0] === 'Whole API' ? 1 : b[0] === 'Whole API' ? -1 : a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0),
  );
  if (ordered.length === 0)
    out.push(
      visible.accepted?.length ? 'No changes that count; the accepted ones are listed below.' : 'No changes.',
      '',
    );
  const changeCount = visible.findings.filter((f) => !isVersionFinding(f)).length;
  const listed = [...groups.values()].reduce((sum, findings) => sum + findings.length, 0);
  if (listed > changeCount) out.push(`${inline(capitalised(listingNote(changeCount, listed)))}.`, '');
  for (const [operation, findings] of ordered) {
    out.push(`## ${operation === 'Whole API' ? 'Whole API' : code(operation)}`, '');
    const sorted = [...bySeverity(findings)].sort((a, b) => classRank(a) - classRank(b));
    let current: ChangeClass | undefined;
    for (const finding of sorted) {
      const cls = finding.changeClass ?? 'documentation';
      if (cls !== current) {
        if (current !== undefined) out.push('');
        current = cls;
        out.push(`**${CHANGE_CLASS_TITLE[current]}**`, '');
      }
      out.push(line(finding));
    }
    out.push('');
  }
  const accepted = visible.accepted ?? [];
  if (accepted.length) {
    out.push(
      '## Accepted changes',
      '',
      'Accepted on purpose, each with its reason; they do not count towards the verdict or the gate.',
      '',
    );
    for (const finding of accepted)
      out.push(
        `${line(finding)}${finding.operation ? ` in ${code(finding.operation)}` : ''}. Accepted: ${inline(acceptedReason(finding) ?? '')}`,
      );
    out.push('');
  }
  return printed(out);
}

/** "What this score does not count": the absolute score and what the configuration did, one item a line. */
function notCountedSection(report: Report): string[] {
  const absolute = absoluteScoreText(report);
  if (!absolute && !hasConfiguration(report.configuration)) return [];
  const lines = [`## ${NOT_COUNTED_TITLE}`, ''];
  if (absolute) lines.push(`${inline(capitalised(absolute))}.`, '');
  if (hasConfiguration(report.configuration))
    lines.push(...shownItems(report.configuration).map((item) => `- ${inline(item)}`), '');
  return lines;
}

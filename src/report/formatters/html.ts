/**
 * One self-contained HTML page: a conformance score and grade per document, a chart of findings by
 * category and severity (inline SVG), a filterable table of findings with the source lines around
 * each one, and the contract results per operation. The page's shell (head, Content-Security-
 * Policy, escaping, colours) is the one every page of vottur has: ../html-page.ts.
 */
import type { Category, CoverageReport, Finding, Report, Severity } from '../finding.js';
import { SEVERITIES, summarise } from '../finding.js';
import { CATEGORIES, scoreLabel, scoreReport, type Grade } from '../score.js';
import { passingCaveat } from '../gate.js';
import { absoluteScoreText, configurationItems, NOT_COUNTED_TITLE } from './configuration.js';
import { hasConfiguration } from '../finding.js';
import { findingPosition, SourceFiles } from '../source.js';
import { maskSourceLine, maskSourceText } from '../../pii.js';
import { escapeControls, escapedView, neutraliseMarkupCommands } from '../../runtime/escape.js';
import { escapeHtml, GRADE_COLOR, htmlPage, messageHtml, safeHref, SEVERITY_COLOR } from '../html-page.js';
import {
  operationsNote,
  allRules,
  CATEGORY_TITLE,
  compareBySeverity,
  coverageCells,
  capitalised,
  coverageLine,
  locationText,
  maskText,
  notCountedParts,
  plural,
  reportOperations,
  SEVERITY_LABEL,
  SEVERITY_PLURAL,
  TOOL_INFORMATION_URI,
  versionLabel,
  visibleReport,
} from './common.js';
import type { FormatContext } from './types.js';
import {
  acceptedReason,
  CHANGE_CLASS_LABEL,
  CHANGE_CLASS_TITLE,
  changesByClass,
  listingNote,
  CLASS_ORDER,
  diffCounts,
  diffCountsText,
  isDiffReport,
  isVersionFinding,
  versionVerdict,
  WHOLE_API,
} from './diff.js';

/** Reports with at most this many findings open with every rule's group expanded. */
export const GROUPS_OPEN_UP_TO = 100;

/** Lines shown before and after a finding's line. */
export const EXCERPT_CONTEXT = 3;

/**
 * Findings of one rule that show their source lines; the rest give their line. 18,000 findings of
 * one rule on Stripe each carried seven lines of source: a 48 MB page that took 813 MB to write,
 * to show the same mistake 18,000 times. A reviewer reads the cause from the first ones.
 */
export const EXCERPTS_PER_RULE = 20;

const esc = escapeHtml;

function link(text: string, url: string): string {
  const href = safeHref(url);
  return href ? `<a href="${href}" rel="noopener noreferrer" target="_blank">${esc(text)}</a>` : esc(text);
}

/** The other findings of the same cause, listed under the message. */
function evidenceHtml(finding: Finding): string {
  const items = (finding.related ?? []).filter((r) => r.ruleId !== undefined && r.message !== undefined);
  if (items.length === 0) return '';
  return `<details class="related"><summary>${items.length} more finding${items.length === 1 ? '' : 's'} of the same cause</summary><ul>${items.map((r) => `<li><code>${esc(r.ruleId ?? '')}</code> ${messageHtml(r.message ?? '')}</li>`).join('')}</ul></details>`;
}

/**
 * A file path, escaped, that wraps after a `/` (or `-`, `_`, `.`, `:`) rather than mid-word
 * (`word-break: break-all` cut `catalogue/legal-gaz|ette.json`); `overflow-wrap: anywhere` in the
 * style is left for a name longer than the card.
 */
export function pathHtml(path: string): string {
  return esc(path).replace(/([/_.:-])(?=[^/_.:-])/g, '$1<wbr>');
}

/**
 * The run's verdict as the exit code gives it (issue 34, attack B11): every reason it fails, the
 * findings at --fail-severity included (a 97 (A) fails under --fail-severity warn), or that it
 * passes; nothing for a report that carries no verdict.
 */
function gateVerdictHtml(gate: Report['gate'], caveat: string | undefined): string {
  if (!gate) return '';
  if (!gate.passed)
    return `<span id="gate-fails" class="gate-fails">The run fails: ${esc(gate.reasons.join('; '))}.</span>`;
  return caveat
    ? `<span id="gate-verdict" class="gate-caveat">The run passes, but ${esc(caveat)}.</span>`
    : '<span id="gate-verdict" class="gate-passes">The run passes.</span>';
}

/** `fails`: the run missed a threshold, so the ring takes the failing colour whatever the grade. */
function scoreRing(score: number, grade: Grade, label: string, size = 96, fails = false): string {
  const colour = GRADE_COLOR[fails ? 'F' : grade];
  const radius = 40;
  const circumference = 2 * Math.PI * radius;
  const filled = (circumference * Math.max(0, Math.min(100, score))) / 100;
  return [
    `<svg class="ring" width="${size}" height="${size}" viewBox="0 0 100 100" role="img" aria-label="${esc(`${label}: score ${score} of 100, grade ${grade}`)}">`,
    `<circle cx="50" cy="50" r="${radius}" fill="none" stroke="#d0d7de" stroke-width="10"/>`,
    `<circle cx="50" cy="50" r="${radius}" fill="none" stroke="${colour}" stroke-width="10" stroke-linecap="round" stroke-dasharray="${filled.toFixed(2)} ${circumference.toFixed(2)}" transform="rotate(-90 50 50)"/>`,
    `<text x="50" y="50" text-anchor="middle" class="ring-score">${score}</text>`,
    `<text x="50" y="70" text-anchor="middle" class="ring-grade" fill="${colour}">${grade}</text>`,
    `</svg>`,
  ].join('');
}

/** Horizontal stacked bars: one per category, one segment per severity. */
function categoryChart(
  findings: readonly Finding[],
  categoryScores: Record<Category, { score: number; grade: Grade }>,
): string {
  const counts = CATEGORIES.map((category) => ({
    category,
    summary: summarise(findings.filter((f) => f.category === category)),
  }));
  const max = Math.max(1, ...counts.map(({ summary }) => SEVERITIES.reduce((sum, s) => sum + summary[s], 0)));
  const labelWidth = 190;
  const barWidth = 430;
  const rowHeight = 34;
  const top = 8;
  const height = top + counts.length * rowHeight + 40;
  const parts: string[] = [
    `<svg id="category-chart" class="chart" viewBox="0 0 720 ${height}" width="100%" role="img" aria-labelledby="chart-title chart-desc">`,
    `<title id="chart-title">Findings by category and severity</title>`,
    `<desc id="chart-desc">${esc(counts.map(({ category, summary }) => `${CATEGORY_TITLE[category]}: ${SEVERITIES.map((s) => plural(summary[s], SEVERITY_LABEL[s], SEVERITY_PLURAL[s])).join(', ')}`).join('; '))}</desc>`,
  ];
  counts.forEach(({ category, summary }, row) => {
    const y = top + row * rowHeight;
    const total = SEVERITIES.reduce((sum, s) => sum + summary[s], 0);
    const score = categoryScores[category];
    parts.push(
      `<g class="chart-row" data-filter-category="${esc(category)}" tabindex="0" role="button" aria-label="${esc(`Show ${CATEGORY_TITLE[category]} findings`)}">`,
    );
    parts.push(`<text x="0" y="${y + 20}" class="chart-label">${esc(CATEGORY_TITLE[category])}</text>`);
    parts.push(
      `<text x="${labelWidth - 12}" y="${y + 20}" text-anchor="end" class="chart-grade" fill="${GRADE_COLOR[score.grade]}">${score.score} ${score.grade}</text>`,
    );
    parts.push(`<rect x="${labelWidth}" y="${y + 6}" width="${barWidth}" height="20" rx="3" class="chart-track"/>`);
    let x = labelWidth;
    for (const severity of SEVERITIES) {
      const count = summary[severity];
      if (count === 0) continue;
      const width = (barWidth * count) / max;
      parts.push(
        `<rect x="${x.toFixed(2)}" y="${y + 6}" width="${width.toFixed(2)}" height="20" fill="${SEVERITY_COLOR[severity]}" class="bar bar-${severity}" data-count="${count}"><title>${esc(`${CATEGORY_TITLE[category]}: ${plural(count, SEVERITY_LABEL[severity], SEVERITY_PLURAL[severity])}`)}</title></rect>`,
      );
      x += width;
    }
    parts.push(
      `<text x="${labelWidth + barWidth + 10}" y="${y + 20}" class="chart-total">${total === 0 ? 'none' : total}</text>`,
    );
    parts.push('</g>');
  });
  const legendY = top + counts.length * rowHeight + 18;
  SEVERITIES.forEach((severity, i) => {
    const x = labelWidth + i * 110;
    parts.push(`<rect x="${x}" y="${legendY - 11}" width="12" height="12" rx="2" fill="${SEVERITY_COLOR[severity]}"/>`);
    parts.push(`<text x="${x + 18}" y="${legendY}" class="chart-legend">${esc(SEVERITY_PLURAL[severity])}</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n');
}

/**
 * Source lines longer than this (a minified description is one line of megabytes) are shown as a
 * window of `LONG_LINE_WINDOW` characters around the finding's column, with `…` where it is cut:
 * every finding's excerpt holding the whole line made a report of a 4 MB one-line description
 * run out of memory.
 */
export const LONG_LINE = 10_000;
export const LONG_LINE_WINDOW = 400;

function excerptHtml(
  excerpt: { start: number; lines: string[] },
  line: number,
  column: number,
  mask: (text: string) => string,
): string {
  const width = String(excerpt.start + excerpt.lines.length - 1).length;
  let caretColumn = column;
  const rows = excerpt.lines.map((text, i) => {
    const number = excerpt.start + i;
    const hit = number === line;
    let shown = mask(text);
    if (shown.length > LONG_LINE) {
      // Masked first, then cut: a cut never splits an identifier out of the masker's sight.
      const from = hit ? Math.max(0, Math.min(column - 1 - LONG_LINE_WINDOW / 2, shown.length - LONG_LINE_WINDOW)) : 0;
      const to = Math.min(shown.length, from + LONG_LINE_WINDOW);
      if (hit) caretColumn = column - from + (from > 0 ? 1 : 0);
      shown = `${from > 0 ? '…' : ''}${shown.slice(from, to)}${to < shown.length ? '…' : ''}`;
    }
    const row = `<span class="line${hit ? ' hit' : ''}"><span class="ln">${String(number).padStart(width)}</span> ${esc(shown)}</span>`;
    const caret = hit
      ? `<span class="line caret"><span class="ln">${' '.repeat(width)}</span> ${' '.repeat(Math.max(0, caretColumn - 1))}^</span>`
      : '';
    return row + caret;
  });
  // Each line is a block of its own: no newline characters between them, or <pre> doubles them.
  return `<pre class="excerpt"><code>${rows.join('')}</code></pre>`;
}

const STYLE = `
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --line: #d0d7de; --panel: #f6f8fa; --hit: #fff8c5; --accent: #0b57d0; }
@media (prefers-color-scheme: dark) { :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --line: #30363d; --panel: #161b22; --hit: #3b2e00; --accent: #4493f8; } }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
header, main { max-width: 1200px; margin: 0 auto; padding: 0 24px; }
header { padding-top: 24px; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 19px; margin: 32px 0 12px; border-bottom: 1px solid var(--line); padding-bottom: 6px; }
a { color: var(--accent); }
.meta { color: var(--muted); margin: 0; }
.overview { display: flex; flex-wrap: wrap; gap: 24px; align-items: center; margin-top: 20px; }
.overall { display: flex; align-items: center; gap: 16px; }
.not-counted { margin: 0 0 16px; padding: 8px 12px; border-left: 4px solid #b26a00; background: #fff8e6; }
.overall-text strong { font-size: 20px; display: block; }
.totals { display: flex; gap: 10px; flex-wrap: wrap; }
.badge { display: inline-block; border-radius: 999px; padding: 2px 10px; font-weight: 600; font-size: 12px; color: #fff; white-space: nowrap; }
.class-breaking { background: ${SEVERITY_COLOR.error}; } .class-review { background: ${SEVERITY_COLOR.warn}; } .class-non-breaking { background: ${SEVERITY_COLOR.info}; } .class-documentation { background: ${SEVERITY_COLOR.hint}; }
.diff-pair { border: 1px solid var(--line); border-radius: 8px; padding: 12px 16px; background: var(--panel); }
.diff-pair .pair-sides { display: flex; gap: 16px; align-items: center; flex-wrap: wrap; }
.diff-pair .pair-sides code { overflow-wrap: anywhere; }
.diff-pair .arrow { font-size: 22px; color: var(--muted); }
.pair-verdict { margin: 12px 0; padding: 8px 12px; border-left: 4px solid #2e7d32; background: var(--bg); }
.pair-verdict.verdict-fail { border-left-color: ${SEVERITY_COLOR.error}; }
.change-class h3 { font-size: 16px; margin: 16px 0 6px; }
.change-operation { margin: 0 0 8px 12px; }
.change-operation h4 { font-size: 14px; margin: 8px 0 4px; }
.change-operation ul, .change-class > ul { margin: 0; padding-left: 18px; }
li.change { margin: 4px 0; overflow-wrap: anywhere; }
li.change code { background: var(--bg); border: 1px solid var(--line); border-radius: 4px; padding: 0 3px; font-size: 12px; }
li.change code.where { color: var(--muted); }
.sev-error { background: ${SEVERITY_COLOR.error}; } .sev-warn { background: ${SEVERITY_COLOR.warn}; } .sev-info { background: ${SEVERITY_COLOR.info}; } .sev-hint { background: ${SEVERITY_COLOR.hint}; }
.total { border: 1px solid var(--line); border-radius: 8px; padding: 8px 14px; background: var(--panel); min-width: 96px; }
.total b { font-size: 22px; display: block; }
.documents { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 12px; }
.document { display: flex; gap: 12px; align-items: center; border: 1px solid var(--line); border-radius: 8px; padding: 12px; background: var(--panel); }
.document > div { min-width: 0; }
.document code { overflow-wrap: anywhere; }
.document .counts { color: var(--muted); font-size: 13px; }
.ring-score { font-size: 26px; font-weight: 700; fill: var(--fg); }
.ring-grade { font-size: 16px; font-weight: 700; }
.gate-fails { display: block; color: ${SEVERITY_COLOR.error}; font-weight: 700; }
.gate-passes { display: block; font-weight: 700; }
.gate-caveat { display: block; color: ${SEVERITY_COLOR.warn}; font-weight: 700; }
.chart { max-width: 860px; display: block; }
.chart text { fill: var(--fg); font-size: 13px; }
.chart .chart-grade { font-weight: 700; }
.chart .chart-track { fill: var(--panel); stroke: var(--line); }
.chart-row { cursor: pointer; }
.chart-row:hover .chart-track, .chart-row:focus .chart-track { stroke: var(--accent); }
.filters { display: flex; flex-wrap: wrap; gap: 12px; align-items: end; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 12px; }
.filters label { display: flex; flex-direction: column; font-size: 12px; color: var(--muted); gap: 2px; }
.filters select, .filters input, .filters button { font: inherit; padding: 4px 8px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); }
.filters input { min-width: 240px; }
.filters button { cursor: pointer; }
#filter-count { color: var(--muted); }
table { border-collapse: collapse; width: 100%; }
.table-wrap { overflow-x: auto; }
.operation-id { color: var(--muted, #57606a); font-size: 12px; margin-top: 2px; }
th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid var(--line); }
th { background: var(--panel); }
#findings-table th { position: sticky; top: 0; z-index: 1; }
td.num, th.num { text-align: right; white-space: nowrap; }
#operations-table td:first-child code { white-space: nowrap; }
td.message code { background: var(--panel); border: 1px solid var(--line); border-radius: 4px; padding: 0 3px; font-size: 12px; }
td.location code { overflow-wrap: anywhere; }
/* Findings grouped by rule: fixed columns, so no path, URL or message can widen the page. */
.rule-group { border: 1px solid var(--line); border-radius: 8px; margin: 8px 0; background: var(--bg); }
.rule-group > summary { padding: 8px 12px; font-size: 14px; color: var(--fg); display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.rule-group > summary .rule-count { font-weight: 700; }
.rule-group > summary .rule-description { color: var(--muted); font-size: 13px; flex-basis: 100%; }
.rule-group .table-wrap { overflow-x: auto; }
.excerpts-note { color: var(--muted); font-size: 12px; margin: 6px 10px; }
table.findings { table-layout: fixed; width: 100%; }
table.findings col.c-severity { width: 90px; } table.findings col.c-category { width: 130px; } table.findings col.c-rule { width: 17%; } table.findings col.c-location { width: 26%; }
table.findings td { overflow-wrap: anywhere; word-break: break-word; }
.request { color: var(--muted); font-size: 12px; display: block; }
details { margin-top: 4px; }
summary { cursor: pointer; color: var(--muted); font-size: 12px; }
pre.excerpt { margin: 6px 0 0; padding: 8px 0; background: var(--panel); border: 1px solid var(--line); border-radius: 6px; overflow-x: auto; font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre.excerpt code { display: block; }
pre.excerpt .line { display: block; padding: 0 10px; white-space: pre; }
pre.excerpt .hit { background: var(--hit); }
pre.excerpt .caret { color: ${SEVERITY_COLOR.error}; font-weight: 700; }
pre.excerpt .ln { color: var(--muted); user-select: none; }
.result-pass { color: #2e7d32; font-weight: 600; } .result-fail { color: ${SEVERITY_COLOR.error}; font-weight: 600; } .result-warn { color: ${SEVERITY_COLOR.warn}; font-weight: 600; } .result-skip { color: var(--muted); }
button.show-operation { font: inherit; font-size: 12px; cursor: pointer; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--accent); padding: 1px 8px; }
footer { max-width: 1200px; margin: 40px auto 24px; padding: 0 24px; color: var(--muted); font-size: 12px; }
@media print { .filters, #filter-count, button.show-operation { display: none; } th { position: static; } }
`;

const SCRIPT = `
(function () {
  'use strict';
  var table = document.getElementById('findings-table');
  if (!table) return;
  var rows = Array.prototype.slice.call(table.querySelectorAll('tbody tr.finding'));
  var groups = Array.prototype.slice.call(table.querySelectorAll('details.rule-group'));
  var form = document.getElementById('filters');
  var severity = document.getElementById('filter-severity');
  var category = document.getElementById('filter-category');
  var rule = document.getElementById('filter-rule');
  var text = document.getElementById('filter-text');
  var count = document.getElementById('filter-count');
  var none = document.getElementById('no-match');
  function apply() {
    var s = severity.value, c = category.value, r = rule.value, t = text.value.trim().toLowerCase();
    var shown = 0;
    rows.forEach(function (row) {
      var ok = (!s || row.getAttribute('data-severity') === s) &&
        (!c || row.getAttribute('data-category') === c) &&
        (!r || row.getAttribute('data-rule') === r) &&
        (!t || row.getAttribute('data-text').indexOf(t) !== -1);
      row.hidden = !ok;
      if (ok) shown++;
    });
    var filtering = Boolean(s || c || r || t);
    groups.forEach(function (group) {
      var visible = group.querySelectorAll('tr.finding:not([hidden])').length;
      group.hidden = visible === 0;
      group.querySelector('.rule-count').textContent = filtering ? visible + ' of ' + group.getAttribute('data-count') : group.getAttribute('data-count');
      // A filter opens the groups it leaves; clearing it restores how the page opened.
      group.open = filtering ? visible > 0 : group.hasAttribute('data-open');
    });
    count.textContent = 'Showing ' + shown + ' of ' + rows.length + ' finding' + (rows.length === 1 ? '' : 's');
    // With no findings at all, the 'every rule passed' line says it; this one is for filters.
    none.hidden = shown !== 0 || rows.length === 0;
  }
  [severity, category, rule].forEach(function (el) { el.addEventListener('change', apply); });
  text.addEventListener('input', apply);
  form.addEventListener('submit', function (event) { event.preventDefault(); apply(); });
  form.addEventListener('reset', function () { setTimeout(apply, 0); });
  function showFindings() { table.scrollIntoView({ block: 'start' }); }
  Array.prototype.forEach.call(document.querySelectorAll('[data-filter-category]'), function (el) {
    function pick() { form.reset(); category.value = el.getAttribute('data-filter-category'); apply(); showFindings(); }
    el.addEventListener('click', pick);
    el.addEventListener('keydown', function (event) { if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); pick(); } });
  });
  Array.prototype.forEach.call(document.querySelectorAll('button[data-operation]'), function (el) {
    el.addEventListener('click', function () { form.reset(); text.value = el.getAttribute('data-operation'); apply(); showFindings(); });
  });
  var toggle = document.getElementById('toggle-excerpts');
  if (toggle) toggle.addEventListener('click', function () {
    var all = Array.prototype.slice.call(table.querySelectorAll('details.source'));
    var open = !all.every(function (d) { return d.open; });
    all.forEach(function (d) { d.open = open; });
    toggle.textContent = open ? 'Collapse all sources' : 'Expand all sources';
  });
  apply();
})();
`;

export function formatHtml(report: Report, context: FormatContext): string {
  return [...formatHtmlChunks(report, context)].join('');
}

/**
 * Where the rule groups go in the page, replaced by them as it is written: control characters
 * from a report are shown escaped (`escapeControls`), so no text of the report contains it.
 */
const GROUPS_SLOT = '\u0000rule-groups\u0000';

/** Rows of findings rendered and written at a time: the page is never one string (Stripe's is 20 MB). */
const ROWS_PER_CHUNK = 500;

/**
 * The page in pieces, in order, as it is written: the rows of findings are rendered a batch at a
 * time, so a report of 22,000 findings is never held whole (nor its rows all at once) in memory.
 */
export function* formatHtmlChunks(report: Report, context: FormatContext): Generator<string> {
  // Masked, and control characters from a document, a source line or a server shown escaped.
  const visible = escapedView(visibleReport(report, context.showPii), escapeControls);
  const sources = SourceFiles.forReport(report, context.cwd);
  const score = scoreReport(report);
  const summary = summarise(report.findings);
  const rules = allRules(visible);
  const mask = (text: string) => escapeControls(maskText(text, context.showPii));
  // A source line is masked however the source escaped an identifier (`"120389\u20104569"`).
  const maskSource = (text: string) => escapeControls(context.showPii ? text : maskSourceLine(text));
  // A long source line is masked once, however many findings show it.
  const maskedLines = new Map<string, string>();
  const maskLine = (text: string): string => {
    if (text.length <= LONG_LINE) return maskSource(text);
    let masked = maskedLines.get(text);
    if (masked === undefined) maskedLines.set(text, (masked = maskSource(text)));
    return masked;
  };

  const diff = isDiffReport(report);
  const single = visible.documents.length === 1 ? visible.documents[0] : undefined;
  // A diff is about one pair: its title and both versions, never "2 documents".
  const subject = diff
    ? diffSubject(visible)
    : single
      ? [single.title ?? single.path, single.version ? versionLabel(single.version) : ''].filter(Boolean).join(' ')
      : plural(visible.documents.length, 'document');

  // Rows keep the original finding beside the visible one: the source is read by the real path.
  const order = visible.findings
    .map((finding, index) => ({ finding, index }))
    .sort((a, b) => compareBySeverity(a.finding, b.finding) || a.index - b.index);
  // Rows of a rule are listed in this order, so the first EXCERPTS_PER_RULE of each get the source.
  const excerptsGiven = new Map<string, number>();
  const findingRows = order.map(({ finding, index }) => {
    const given = excerptsGiven.get(finding.ruleId) ?? 0;
    excerptsGiven.set(finding.ruleId, given + 1);
    const withSource = given < EXCERPTS_PER_RULE;
    return {
      ruleId: finding.ruleId,
      severity: finding.severity,
      withSource,
      // Rendered when written, a batch at a time.
      html: () => findingRow(finding, index, withSource),
      hasSource: () => withSource && sourceExcerpt(finding, index) !== undefined,
    };
  });
  /**
   * The source lines around the finding at `index`, folded; read from the real (unmasked) path of
   * the report's own finding (`shown`, the masked one, where there is none).
   */
  function sourceExcerpt(shown: Finding, index: number) {
    const original = report.findings[index] ?? shown;
    const position = findingPosition(original);
    const excerpt = position ? excerptOf(original.document, position.line) : undefined;
    return position && excerpt ? { position, excerpt } : undefined;
  }
  /**
   * The document's lines as excerpts show them: masked as a whole (`maskSourceText`), once per
   * document, so an identifier a scalar spreads over lines — which a line alone never shows whole —
   * is masked in every excerpt that shows part of it.
   */
  const maskedDocuments = new Map<string, string[] | undefined>();
  function excerptOf(document: string, line: number): { start: number; lines: string[] } | undefined {
    const excerpt = sources.excerpt(document, line, EXCERPT_CONTEXT);
    if (!excerpt || context.showPii) return excerpt;
    let masked = maskedDocuments.get(document);
    if (!maskedDocuments.has(document)) {
      const lines = sources.lines(document);
      masked = lines ? maskSourceText(lines.join('\n')).split('\n') : undefined;
      maskedDocuments.set(document, masked);
    }
    if (!masked) return excerpt;
    return { start: excerpt.start, lines: masked.slice(excerpt.start - 1, excerpt.start - 1 + excerpt.lines.length) };
  }
  function sourceHtml(shown: Finding, index: number): string {
    const found = sourceExcerpt(shown, index);
    if (!found) return '';
    const { position, excerpt } = found;
    return `<details class="source"><summary>Source, line ${position.line}</summary>${excerptHtml(excerpt, position.line, position.column, maskLine)}</details>`;
  }
  function findingRow(finding: Finding, index: number, withSource: boolean): string {
    const location = locationText(finding);
    const searchable = [
      finding.message,
      finding.ruleId,
      finding.category,
      SEVERITY_LABEL[finding.severity],
      location,
      finding.document,
      finding.operation ?? '',
      finding.operationId ?? '',
      finding.path.join('.'),
    ]
      .join(' ')
      .toLowerCase();
    const request = finding.request
      ? `<span class="request">${esc(`${finding.request.method} ${finding.request.url}${finding.request.status !== undefined ? ` → ${finding.request.status}` : ''}${finding.request.durationMs !== undefined ? ` (${finding.request.durationMs} ms)` : ''}`)}</span>`
      : '';
    const source = withSource ? sourceHtml(finding, index) : '';
    const pathText = finding.path.length
      ? `<span class="request">${esc(finding.path.map(String).join('.'))}</span>`
      : '';
    return [
      `<tr class="finding" data-severity="${esc(finding.severity)}" data-category="${esc(finding.category)}" data-rule="${esc(finding.ruleId)}" data-text="${esc(searchable)}">`,
      `<td><span class="badge sev-${esc(finding.severity)}">${esc(SEVERITY_LABEL[finding.severity])}</span></td>`,
      `<td>${esc(CATEGORY_TITLE[finding.category] ?? finding.category)}</td>`,
      `<td>${link(finding.ruleId, finding.docsUrl)}</td>`,
      `<td class="message">${messageHtml(finding.message)}${evidenceHtml(finding)}${source}</td>`,
      `<td class="location"><code>${pathHtml(location)}</code>${finding.line !== undefined ? pathText : request}</td>`,
      `</tr>`,
    ].join('');
  }

  // One expandable group per rule, most severe rule first, then the most findings: a reviewer sees
  // causes, not 1,000 repetitions. Open from the start when the report is short.
  const groupsOpen = visible.findings.length <= GROUPS_OPEN_UP_TO;
  const byRule = new Map<string, typeof findingRows>();
  for (const row of findingRows) {
    const rows = byRule.get(row.ruleId);
    if (rows) rows.push(row);
    else byRule.set(row.ruleId, [row]);
  }
  const ruleMeta = new Map(rules.map((r) => [r.id, r]));
  const ruleGroups = [...byRule]
    .map(([ruleId, rows]) => ({
      ruleId,
      rows,
      severity: rows.reduce<Severity>(
        (worst, row) => (SEVERITIES.indexOf(row.severity) < SEVERITIES.indexOf(worst) ? row.severity : worst),
        'hint',
      ),
    }))
    .sort(
      (a, b) =>
        SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) ||
        b.rows.length - a.rows.length ||
        a.ruleId.localeCompare(b.ruleId),
    )
    .map(({ ruleId, rows, severity }) => {
      const meta = ruleMeta.get(ruleId);
      const head = [
        `<details class="rule-group" data-rule="${esc(ruleId)}" data-count="${rows.length}"${groupsOpen ? ' open data-open' : ''}>`,
        `<summary><span class="badge sev-${esc(severity)}">${esc(SEVERITY_LABEL[severity])}</span> <code>${esc(ruleId)}</code> <span class="rule-count">${rows.length}</span> ${rows.length === 1 ? 'finding' : 'findings'}${meta ? ` · ${esc(CATEGORY_TITLE[meta.category] ?? meta.category)}` : ''}${meta ? ` · ${link('rule documentation', meta.docsUrl)}` : ''}${meta ? `<span class="rule-description">${messageHtml(meta.description)}</span>` : ''}</summary>`,
        `<div class="table-wrap"><table class="findings"><colgroup><col class="c-severity"><col class="c-category"><col class="c-rule"><col class="c-message"><col class="c-location"></colgroup>`,
        `<thead><tr><th>Severity</th><th>Category</th><th>Rule</th><th>Message</th><th>Location</th></tr></thead><tbody>`,
      ].join('\n');
      const tail = [
        `</tbody></table>`,
        rows.length > EXCERPTS_PER_RULE
          ? `<p class="excerpts-note">The source is shown for the first ${EXCERPTS_PER_RULE} findings of this rule; the others give their line.</p>`
          : '',
        `</div></details>`,
      ].join('\n');
      return { head, rows, tail };
    });
  // Each chunk starts a line, so each is neutralised on its own as the rest of the body is: no
  // line of a description printed to a CI log starts a workflow command.
  function* groupChunks(): Generator<string> {
    for (const [g, { head, rows, tail }] of ruleGroups.entries()) {
      yield neutraliseMarkupCommands(`${g === 0 ? '' : '\n'}${head}\n`);
      for (let from = 0; from < rows.length; from += ROWS_PER_CHUNK)
        yield neutraliseMarkupCommands(
          `${from === 0 ? '' : '\n'}${rows
            .slice(from, from + ROWS_PER_CHUNK)
            .map((row) => row.html())
            .join('\n')}`,
        );
      yield neutraliseMarkupCommands(`\n${tail}`);
    }
  }

  const verdict = diff ? versionVerdict(visible) : undefined;
  const notCounted = notCountedParts(report);
  const documentCards = score.byDocument.map((d) => {
    const path = mask(d.document);
    const info = visible.documents.find((doc) => doc.path === path);
    const heading = info?.title
      ? `<strong>${esc(info.title)}</strong>${info.version ? ` <span class="counts">${esc(versionLabel(info.version))}</span>` : ''}<br>`
      : '';
    return [
      `<div class="document" data-document="${esc(path)}">`,
      // The base and the revision of a diff are not scored: the findings are changes, not conformance.
      diff ? '' : scoreRing(d.score, d.grade, path, 80),
      `<div>${heading}<code>${pathHtml(path)}</code>`,
      `<div class="counts">${SEVERITIES.map((s) => esc(plural(d.summary[s], SEVERITY_LABEL[s], SEVERITY_PLURAL[s]))).join(' · ')}</div></div>`,
      `</div>`,
    ].join('');
  });

  const operations = reportOperations(visible);
  // The document column only where operations come from more than one description.
  const manyDocuments = new Set(operations.map((o) => o.document)).size > 1;
  const operationRows = operations.map((o) => {
    const own = visible.findings.filter(
      (f) => f.source !== 'lint' && f.document === o.document && f.operation === o.operation,
    );
    const counts = summarise(own);
    const result =
      o.notTested !== undefined
        ? `<span class="result-fail" title="${esc(mask(o.notTested))}">not tested</span>`
        : o.requests === 0
          ? '<span class="result-skip">not exercised</span>'
          : counts.error > 0
            ? '<span class="result-fail">failed</span>'
            : counts.warn > 0
              ? '<span class="result-warn">warnings</span>'
              : '<span class="result-pass">passed</span>';
    return [
      `<tr class="operation" data-operation="${esc(o.operation)}">`,
      `<td><code>${esc(o.operation)}</code>${o.operationId ? `<div class="operation-id">${esc(o.operationId)}</div>` : ''}</td>`,
      manyDocuments ? `<td><code>${esc(o.document)}</code></td>` : '',
      `<td class="num">${o.requests}</td>`,
      `<td class="num">${o.durationMs !== undefined ? `${Math.round(o.durationMs)} ms` : ''}</td>`,
      ...SEVERITIES.map((s) => `<td class="num">${counts[s]}</td>`),
      `<td>${result}</td>`,
      `<td>${own.length ? `<button type="button" class="show-operation" data-operation="${esc(o.operation.toLowerCase())}">Show findings</button>` : ''}</td>`,
      `</tr>`,
    ].join('');
  });

  const usedRules = rules.filter((r) => visible.findings.some((f) => f.ruleId === r.id));
  const options = (values: Array<[string, string]>) =>
    values.map(([value, label]) => `<option value="${esc(value)}">${esc(label)}</option>`).join('');
  const hasExcerpts = findingRows.some((row) => row.hasSource());

  const body = [
    `<header>`,
    `<h1>${esc(`vottur report: ${subject}`)}</h1>`,
    `<p class="meta">${link(`${visible.tool.name} ${visible.tool.version}`, TOOL_INFORMATION_URI)} · <time datetime="${esc(visible.createdTimestamp)}">${esc(visible.createdTimestamp)}</time> · ${esc(plural(visible.documents.length, 'document'))} · ${esc(plural(visible.rules.length, 'rule'))} checked</p>`,
    `</header>`,
    `<main>`,
    `<section class="overview" aria-label="Summary">`,
    // A diff is not a conformance check: it says what changed and whether the version allows it, as stylish and Markdown do.
    verdict
      ? `<div class="overall" id="diff-verdict" data-breaking="${diffCounts(visible).breaking}" data-version-ok="${verdict.ok}"><div class="overall-text"><strong>${esc(diffCountsText(visible))}</strong><span class="meta">${esc(verdict.text)}</span></div></div>`
      : `<div class="overall" id="overall-score" data-score="${score.score}" data-grade="${score.grade}">${scoreRing(score.score, score.grade, 'Overall', 112, visible.gate?.passed === false)}<div class="overall-text"><strong>${esc(scoreLabel(score))}</strong>${gateVerdictHtml(visible.gate, passingCaveat(visible))}<span class="meta">Conformance to the island.is API conventions (<a href="${esc(`${TOOL_INFORMATION_URI}/blob/main/docs/score.md`)}" rel="noopener noreferrer" target="_blank">how it is scored</a>)</span></div></div>`,
    diff
      ? `<div class="totals">${CLASS_ORDER.map((c) => `<div class="total" data-class="${c}"><b>${diffCounts(visible)[c]}</b><span class="badge class-${c}">${esc(CHANGE_CLASS_LABEL[c])}</span></div>`).join('')}</div>`
      : `<div class="totals">${SEVERITIES.map((s) => `<div class="total" data-severity="${s}"><b>${summary[s]}</b><span class="badge sev-${s}">${esc(SEVERITY_PLURAL[s])}</span></div>`).join('')}</div>`,
    `</section>`,
    notCounted.length > 0
      ? `<p class="not-counted" id="not-counted"><strong>Not counted</strong> in these figures: ${esc(notCounted.join('; '))}.</p>`
      : '',
    notCountedSection(visible),
    diff
      ? diffPairSection(visible, sourceHtml)
      : `<section id="documents"><h2>Documents</h2><div class="documents">${documentCards.join('\n')}</div></section>`,
    // A diff's findings are changes, not conformance: no grades by lint category.
    diff
      ? ''
      : `<section id="categories"><h2>Findings by category and severity</h2>${categoryChart(visible.findings, score.byCategory)}</section>`,
    operations.length
      ? `<section id="operations"><h2>Contract results</h2><div class="table-wrap"><table id="operations-table"><thead><tr><th>Operation</th>${manyDocuments ? '<th>Document</th>' : ''}<th class="num">Requests</th><th class="num">Time</th>${SEVERITIES.map((s) => `<th class="num">${esc(capitalised(SEVERITY_PLURAL[s]))}</th>`).join('')}<th>Result</th><th></th></tr></thead><tbody>${operationRows.join('\n')}</tbody></table></div></section>`
      : '',
    visible.coverage ? coverageSection(visible.coverage) : '',
    visible.accepted?.length ? acceptedSection(visible.accepted) : '',
    diff
      ? ''
      : [
          `<section id="findings"><h2>Findings</h2>`,
          `<form id="filters" class="filters" role="search" aria-label="Filter findings">`,
          `<label>Severity<select id="filter-severity"><option value="">All</option>${options(SEVERITIES.map((s) => [s, SEVERITY_LABEL[s]]))}</select></label>`,
          `<label>Category<select id="filter-category"><option value="">All</option>${options(CATEGORIES.map((c) => [c, CATEGORY_TITLE[c]]))}</select></label>`,
          `<label>Rule<select id="filter-rule"><option value="">All</option>${options(usedRules.map((r) => [r.id, r.id]))}</select></label>`,
          `<label>Text<input id="filter-text" type="search" placeholder="message, location, operation…" autocomplete="off"></label>`,
          `<button type="reset">Clear filters</button>`,
          hasExcerpts ? `<button type="button" id="toggle-excerpts">Expand all sources</button>` : '',
          `</form>`,
          `<p id="filter-count" aria-live="polite">${esc(`${plural(visible.findings.length, 'finding')}`)}</p>`,
          `<div id="findings-table">`,
          GROUPS_SLOT,
          `</div>`,
          `<p id="no-match" hidden>No finding matches these filters.</p>`,
          visible.findings.length === 0 ? `<p id="no-findings">No findings: every rule passed.</p>` : '',
          `</section>`,
        ].join('\n'),
    `</main>`,
    `<footer>Generated by ${link('vottur', TOOL_INFORMATION_URI)}. National identifiers are ${context.showPii ? 'shown unmasked (--show-pii)' : 'masked'}.</footer>`,
  ].join('\n');
  // Printed to a CI log (`-f html` without --output), no line of a description starts a workflow
  // command: `htmlPage` neutralises the body; the style and script hold nothing from the report.
  const page = htmlPage({ title: `vottur report: ${subject}`, style: STYLE, script: SCRIPT, body });
  // Everything but the findings is small: written around them, as it was laid out.
  const slot = page.indexOf(GROUPS_SLOT);
  if (slot < 0) {
    yield page;
    return;
  }
  yield page.slice(0, slot);
  yield* groupChunks();
  yield page.slice(slot + GROUPS_SLOT.length);
}

/** The coverage table: operations × phases (requests), statuses and inputs exercised. */
function coverageSection(coverage: CoverageReport): string {
  const title = capitalised;
  const rows = coverage.operations.map((o) => {
    const cells = coverageCells(o, coverage.phases);
    return `<tr><td><code>${esc(o.operation)}</code></td>${cells.phases.map((n) => `<td class="num">${esc(n)}</td>`).join('')}<td>${esc(cells.statuses)}</td><td class="num">${esc(cells.inputs)}</td><td>${esc(cells.constraints)}</td></tr>`;
  });
  return `<section id="coverage" data-percent="${coverage.percent}"><h2>Coverage</h2><p>${esc(coverageLine(coverage))}</p><div class="table-wrap"><table id="coverage-table"><thead><tr><th>Operation</th>${coverage.phases.map((phase) => `<th class="num">${esc(title(phase))}</th>`).join('')}<th>Statuses</th><th class="num">Inputs</th><th>Constraints</th></tr></thead><tbody>${rows.join('\n')}</tbody></table></div></section>`;
}

/**
 * "What this score does not count": the absolute score and every item of what the configuration
 * did (the HTML report is the one a reviewer signs: nothing is cut), refused items marked.
 */
function notCountedSection(report: Report): string {
  const absolute = absoluteScoreText(report);
  if (!absolute && !hasConfiguration(report.configuration)) return '';
  const items = hasConfiguration(report.configuration) ? configurationItems(report.configuration) : [];
  return [
    `<section id="configuration"><h2>${esc(NOT_COUNTED_TITLE)}</h2>`,
    absolute ? `<p id="absolute-score">${esc(capitalised(absolute))}.</p>` : '',
    items.length > 0
      ? `<ul id="configuration-items">${items.map((item) => `<li data-kind="${item.kind}" data-honoured="${item.honoured}">${esc(item.text)}</li>`).join('')}</ul>`
      : '',
    `</section>`,
  ].join('');
}

/** A diff's changes accepted with a reason: listed, not counted. */
function acceptedSection(accepted: readonly Finding[]): string {
  const rows = accepted.map((f) =>
    [
      `<tr class="accepted" data-rule="${esc(f.ruleId)}">`,
      `<td>${esc(f.changeClass ? CHANGE_CLASS_LABEL[f.changeClass] : f.severity)}</td>`,
      `<td><code>${esc(f.ruleId)}</code></td>`,
      `<td>${esc(f.message)}${f.operation ? ` <code>${esc(f.operation)}</code>` : ''}</td>`,
      `<td class="reason">${esc(acceptedReason(f) ?? '')}</td>`,
      `</tr>`,
    ].join(''),
  );
  return [
    `<section id="accepted-changes"><h2>Accepted changes</h2>`,
    `<p class="meta">Accepted on purpose, each with its reason; they do not count towards the verdict or the gate.</p>`,
    `<div class="table-wrap"><table class="accepted"><thead><tr><th>Class</th><th>Check</th><th>Change</th><th>Reason</th></tr></thead><tbody>`,
    rows.join('\n'),
    `</tbody></table></div></section>`,
  ].join('\n');
}

/** "User profile API 1.4.0 → 2.0.0": the pair a diff report is about. */
function diffSubject(report: Report): string {
  const [base, revision] = report.documents;
  const title = revision?.title ?? base?.title ?? revision?.path ?? 'API';
  return `${title} ${base?.version ?? '?'} → ${revision?.version ?? '?'}`;
}

/**
 * The compared pair, one card: base and revision with their versions, the version verdict as the
 * diff computed it, the versioning findings, then the changes grouped by class (breaking, needs
 * review, non-breaking, documentation) and within a class by operation. A change to a shared
 * component is listed under every operation it reaches.
 */
function diffPairSection(report: Report, sourceHtml: (finding: Finding, index: number) => string): string {
  const [base, revision] = report.documents;
  const verdict = versionVerdict(report);
  const side = (label: string, doc: Report['documents'][number] | undefined) =>
    doc
      ? `<div class="side" data-side="${label}"><span class="counts">${esc(label)}</span><br>${doc.title ? `<strong>${esc(doc.title)}</strong>${doc.version ? ` <span class="counts">${esc(versionLabel(doc.version))}</span>` : ''}<br>` : ''}<code>${pathHtml(doc.path)}</code></div>`
      : '';
  const change = (finding: Finding, index: number) =>
    [
      `<li class="change" data-rule="${esc(finding.ruleId)}" data-class="${esc(finding.changeClass ?? '')}" data-severity="${esc(finding.severity)}">`,
      `<span class="badge sev-${esc(finding.severity)}" title="reported at this level">${esc(SEVERITY_LABEL[finding.severity])}</span> `,
      `${link(finding.ruleId, finding.docsUrl)}: <span class="message">${messageHtml(`${finding.message}${operationsNote(finding)}`)}</span>`,
      ` <code class="where">${esc(locationText(finding))}</code>`,
      sourceHtml(finding, index),
      `</li>`,
    ].join('');
  const versioning = report.findings.map((f, i) => [f, i] as const).filter(([f]) => isVersionFinding(f));
  const classes = changesByClass(report.findings).map(({ changeClass, count, listed, operations }) =>
    [
      `<section class="change-class" data-class="${changeClass}" data-count="${count}" data-listed="${listed}">`,
      `<h3><span class="badge class-${changeClass}">${esc(CHANGE_CLASS_TITLE[changeClass])}</span> ${esc(plural(count, 'change'))}</h3>`,
      listed > count ? `<p class="listing-note">${esc(capitalised(listingNote(count, listed)))}.</p>` : '',
      ...operations.map(({ operation, indexes }) =>
        [
          `<div class="change-operation" data-operation="${esc(operation)}">`,
          `<h4>${operation === WHOLE_API ? esc(WHOLE_API) : `<code>${esc(operation)}</code>`}</h4>`,
          `<ul>${indexes
            .flatMap((i) => {
              const finding = report.findings[i];
              return finding ? [change(finding, i)] : [];
            })
            .join('')}</ul>`,
          `</div>`,
        ].join(''),
      ),
      `</section>`,
    ].join('\n'),
  );
  return [
    `<section id="documents"><h2>Compared</h2>`,
    `<article class="diff-pair" data-base="${esc(base?.path ?? '')}" data-revision="${esc(revision?.path ?? '')}">`,
    `<div class="pair-sides">${side('base', base)}<div class="arrow" aria-hidden="true">→</div>${side('revision', revision)}</div>`,
    `<p class="pair-verdict ${verdict.ok ? 'verdict-ok' : 'verdict-fail'}" data-version-ok="${verdict.ok}"><strong>${esc(capitalised(verdict.text))}</strong> · ${esc(diffCountsText(report))}</p>`,
    versioning.length
      ? `<section class="change-class" data-class="version"><h3>Version</h3><ul>${versioning.map(([f, i]) => change(f, i)).join('')}</ul></section>`
      : '',
    ...classes,
    classes.length === 0
      ? `<p id="no-changes">${report.accepted?.length ? 'No changes that count; the accepted ones are listed below.' : 'No changes.'}</p>`
      : '',
    `</article></section>`,
  ].join('\n');
}

/**
 * The catalogue dashboard as one self-contained HTML page: a summary at the top, the catalogue's
 * trend, the rules failed most, and a sortable, filterable table with one row per service; each
 * service has a page of its own (`#service=<name>`) with its full findings. The page's shell (head,
 * Content-Security-Policy, escaping, grade colours) is the report's: ../report/html-page.ts; the
 * findings travel as a JSON data block and are put on the page as text, never as markup.
 */
import { counts, type Finding, type Report } from '../report/finding.js';
import { maskedView } from '../pii.js';
import { escapeControls, escapedView, escapeJsonText } from '../runtime/escape.js';
import {
  escapeHtml as esc,
  GRADE_BADGE_STYLE,
  GRADE_COLOR,
  htmlPage,
  messageHtml,
  safeHref,
} from '../report/html-page.js';
import { gradeFor } from '../report/score.js';
import { HARVEST_DOCUMENT } from './rules.js';
import type { CatalogueDashboard, DashboardService, TrendPoint } from './dashboard.js';

/** A small line of scores (0–100) across harvests; one point is a dot. */
function sparkline(points: readonly TrendPoint[], label: string, width = 90, height = 22): string {
  const last = points.at(-1);
  if (last === undefined) return '';
  const x = (i: number) => (points.length === 1 ? width / 2 : 3 + (i * (width - 6)) / (points.length - 1));
  const y = (score: number) => height - 3 - ((height - 6) * Math.max(0, Math.min(100, score))) / 100;
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.score).toFixed(1)}`).join(' ');
  const text = `${label}: ${points.map((p) => p.score).join(' → ')}`;
  return `<svg class="spark" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(text)}"><title>${esc(text)}</title><path d="${path}" fill="none" stroke="#57606a" stroke-width="1.5"/><circle cx="${x(points.length - 1).toFixed(1)}" cy="${y(last.score).toFixed(1)}" r="2.5" fill="${GRADE_COLOR[gradeFor(last.score)]}"/></svg>`;
}

/**
 * The catalogue's score across harvests as a chart with axes: scores 0–100 on the left (so two
 * harvests at one score read as "steady at 62", not as a bare flat line), each harvest's date
 * below its point, and every point marked and labelled with its score.
 */
function trendChart(points: readonly TrendPoint[], label: string): string {
  const width = 520;
  const height = 170;
  const left = 34;
  const right = 16;
  const top = 12;
  const bottom = 34;
  const plotWidth = width - left - right;
  const plotHeight = height - top - bottom;
  const x = (i: number) => left + (points.length === 1 ? plotWidth / 2 : (i * plotWidth) / (points.length - 1));
  const y = (score: number) => top + plotHeight - (plotHeight * Math.max(0, Math.min(100, score))) / 100;
  const ticks = [0, 25, 50, 75, 100]
    .map(
      (t) =>
        `<line class="grid" x1="${left}" x2="${width - right}" y1="${y(t)}" y2="${y(t)}" stroke="#eaeef2"/><text class="tick" x="${left - 6}" y="${y(t) + 4}" text-anchor="end">${t}</text>`,
    )
    .join('');
  // Dates under the points: every one when few, else the first, the last and some between.
  const every = Math.max(1, Math.ceil(points.length / 6));
  // The day of each harvest, with its time when two harvests share a day.
  const days = points.map((p) => p.harvested.slice(0, 10));
  const sameDay = new Set(days).size < days.length;
  const when = (p: TrendPoint) => (sameDay ? p.harvested.slice(0, 16).replace('T', ' ') : p.harvested.slice(0, 10));
  const dates = points
    .map((p, i) =>
      i % every === 0 || i === points.length - 1
        ? `<text class="date" x="${x(i).toFixed(1)}" y="${height - bottom + 16}" text-anchor="${points.length > 1 && i === 0 ? 'start' : points.length > 1 && i === points.length - 1 ? 'end' : 'middle'}">${esc(when(p))}</text>`
        : '',
    )
    .join('');
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.score).toFixed(1)}`).join(' ');
  const marks = points
    .map(
      (p, i) =>
        `<circle cx="${x(i).toFixed(1)}" cy="${y(p.score).toFixed(1)}" r="3.5" fill="${GRADE_COLOR[gradeFor(p.score)]}"><title>${esc(`${p.harvested}: ${p.score}`)}</title></circle><text class="value" x="${x(i).toFixed(1)}" y="${(y(p.score) - 8).toFixed(1)}" text-anchor="middle">${p.score}</text>`,
    )
    .join('');
  const text = `${label}: ${points.map((p) => `${p.harvested.slice(0, 10)} ${p.score}`).join(', ')}`;
  return `<svg class="trend-chart" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(text)}"><title>${esc(text)}</title>${ticks}<line class="axis y-axis" x1="${left}" x2="${left}" y1="${top}" y2="${top + plotHeight}" stroke="#57606a"/><line class="axis x-axis" x1="${left}" x2="${width - right}" y1="${top + plotHeight}" y2="${top + plotHeight}" stroke="#57606a"/>${dates}<path d="${path}" fill="none" stroke="#0969da" stroke-width="2"/>${marks}</svg>`;
}

/** What changed since the previous harvest, in words. */
export function changeText(service: DashboardService): string {
  const change = service.change;
  if (!change) return '';
  if (change.status === 'removed') return 'removed';
  if (change.status === 'new') return 'new';
  if (change.status === 'unchanged') return 'unchanged';
  if (change.status === 'not-compared') return `not compared${change.note ? `: ${change.note}` : ''}`;
  const parts: string[] = [];
  if (change.breaking) parts.push(`${change.breaking} breaking`);
  if (change.review) parts.push(`${change.review} to review`);
  if (change.nonBreaking) parts.push(`${change.nonBreaking} non-breaking`);
  if (change.documentation) parts.push(`${change.documentation} documentation`);
  const versions =
    change.versionBefore !== change.versionAfter
      ? ` (${change.versionBefore ?? '?'} → ${change.versionAfter ?? '?'}${change.newMajor ? ', new major' : ''})`
      : ` (still ${change.versionAfter ?? '?'})`;
  return `changed: ${parts.join(', ') || 'no API change'}${versions}`;
}

function statusOf(service: DashboardService): string {
  if (service.status !== 'harvested') return service.status;
  return service.passes ? 'passing' : 'failing';
}

/** The three attestation states in words, as the legend and the cells say them. */
export const ATTESTATION_LABEL = {
  attested: 'attested',
  earlier: 'attested for an earlier version',
  none: 'not attested',
} as const;

/** A service's attestation cell: the state, and by whom (key id), when and with what verdict. */
function attestationCell(service: DashboardService): string {
  const a = service.attestation;
  if (!a) return '<td data-value="" data-attestation="">—</td>';
  const detail =
    a.state === 'none'
      ? ''
      : `<div class="sub">key ${esc((a.keyId ?? '').slice(0, 12))} (${esc(a.key ?? '')}), ${esc(a.signedAt ?? '')}: gate ${esc(a.verdict ?? '?')}, score ${a.score ?? '?'}${a.state === 'earlier' && a.version !== undefined ? `; attested version ${esc(a.version)}` : ''}</div>`;
  return `<td data-value="${a.state}" data-attestation="${a.state}">${esc(ATTESTATION_LABEL[a.state])}${detail}</td>`;
}

function row(service: DashboardService, index: number, attestations = false): string {
  const change = changeText(service) || '—';
  const breaking = (service.rules['catalogue-breaking-change'] ?? 0) > 0;
  const versions = service.majors.length > 1 ? service.majors.map((m) => `v${m}`).join(', ') : '';
  const [firstPoint, ...laterPoints] = service.trend;
  const lastPoint = laterPoints.at(-1);
  const trendChange = firstPoint && lastPoint ? lastPoint.score - firstPoint.score : 0;
  const cells = [
    `<td data-value="${esc(service.provider)}">${esc(service.provider)}<div class="sub">${esc(`${service.instance}/${service.memberClass}/${service.memberCode}`)}</div></td>`,
    `<td data-value="${esc(service.subsystemCode)}">${esc(service.subsystemCode)}</td>`,
    `<td data-value="${esc(service.serviceCode)}"><a href="#service=${esc(encodeURIComponent(service.name))}" class="service-link">${esc(service.serviceCode)}</a>${service.title ? `<div class="sub">${esc(service.title)}</div>` : ''}</td>`,
    `<td data-value="${esc(service.version ?? '')}">${esc(service.version ?? '')}${versions ? `<div class="sub" title="majors listed side by side">${esc(versions)}</div>` : ''}</td>`,
    `<td class="num" data-value="${service.score}">${service.score}</td>`,
    `<td data-value="${service.grade}"><span class="grade grade-${service.grade}">${service.grade}</span></td>`,
    `<td class="num" data-value="${service.errors}">${service.errors}</td>`,
    `<td class="num" data-value="${service.warnings}">${service.warnings}</td>`,
    `<td data-value="${esc(change)}"${breaking ? ' class="breaking"' : ''}>${esc(change)}${breaking ? '<div class="sub">no new major version</div>' : ''}${service.harvestError ? `<div class="sub">${esc(service.harvestError.kind)}</div>` : ''}</td>`,
    `<td data-value="${trendChange}">${sparkline(service.trend, `${service.serviceCode} score by harvest`)}</td>`,
    `<td data-value="${statusOf(service)}"><span class="status ${statusOf(service)}">${statusOf(service).replace('-', ' ')}</span></td>`,
    ...(attestations ? [attestationCell(service)] : []),
  ];
  const search = [
    service.provider,
    service.name,
    service.title ?? '',
    service.version ?? '',
    change,
    ...(service.attestation ? [ATTESTATION_LABEL[service.attestation.state]] : []),
    ...Object.keys(service.rules),
  ]
    .join(' ')
    .toLowerCase();
  return `<tr class="service" data-index="${index}" data-status="${statusOf(service)}" data-grade="${service.grade}" data-change="${esc(service.change?.status ?? '')}" data-breaking="${breaking}" data-provider="${esc(service.provider)}" data-search="${esc(search)}">${cells.join('')}</tr>`;
}

const STYLE = `
:root { color-scheme: light; --border: #d0d7de; --muted: #57606a; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; color: #1f2328; background: #f6f8fa; }
header, main, footer { max-width: 1400px; margin: 0 auto; padding: 12px 20px; }
header h1 { margin: 8px 0 2px; font-size: 22px; }
.meta { color: var(--muted); }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(160px, 1fr)); gap: 10px; margin: 12px 0; }
.card { background: #fff; border: 1px solid var(--border); border-radius: 8px; padding: 10px 12px; }
.card .figure { font-size: 26px; font-weight: 600; }
.card .label { color: var(--muted); }
section { background: #fff; border: 1px solid var(--border); border-radius: 8px; padding: 12px 16px; margin: 12px 0; }
h2 { font-size: 17px; margin: 4px 0 10px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #eaeef2; vertical-align: top; }
th { background: #f6f8fa; position: sticky; top: 0; }
th button { font: inherit; font-weight: 600; border: 0; background: none; padding: 0; cursor: pointer; color: inherit; }
th[aria-sort="ascending"] button::after { content: " ▲"; }
th[aria-sort="descending"] button::after { content: " ▼"; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.sub { color: var(--muted); font-size: 12px; }
.grade { display: inline-block; min-width: 22px; text-align: center; color: #fff; border-radius: 4px; font-weight: 700; }
${GRADE_BADGE_STYLE}
.status { border-radius: 10px; padding: 1px 8px; font-size: 12px; white-space: nowrap; }
.status.passing { background: #dafbe1; color: #116329; }
.status.failing { background: #ffebe9; color: #a40e26; }
.status.not-harvested, .status.removed { background: #eaeef2; color: #424a53; }
td.breaking { color: #a40e26; font-weight: 600; }
.filters { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; margin-bottom: 8px; }
.filters input[type=search] { min-width: 260px; }
#service-page dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 14px; }
#service-page dt { color: var(--muted); }
.severity-error { color: #c62828; font-weight: 600; }
.severity-warn { color: #b45309; font-weight: 600; }
.severity-info { color: #1565c0; }
.severity-hint { color: #6b7280; }
code { font-family: ui-monospace, monospace; font-size: 12px; background: #f6f8fa; padding: 0 3px; border-radius: 3px; overflow-wrap: anywhere; }
code.pointer { overflow-wrap: normal; word-break: keep-all; }
.spark { vertical-align: middle; }
.trend-chart { display: block; margin: 4px 0 10px; max-width: 100%; height: auto; }
.trend-chart text { font: 11px system-ui, sans-serif; fill: #57606a; }
.trend-chart text.value { fill: #1f2328; font-weight: 600; }
#harvest-problems { border-color: #c62828; }
#harvest-problems li { margin: 2px 0; }
`;

const SCRIPT = `
(function () {
  var data = JSON.parse(document.getElementById('dashboard-data').textContent);
  var table = document.getElementById('services');
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var text = document.getElementById('filter-text');
  var status = document.getElementById('filter-status');
  var grade = document.getElementById('filter-grade');
  var provider = document.getElementById('filter-provider');
  var count = document.getElementById('filter-count');
  function apply() {
    var words = text.value.trim().toLowerCase().split(/\\s+/).filter(Boolean);
    var shown = 0;
    rows.forEach(function (row) {
      var s = status.value;
      var ok = (!s || (s === 'breaking' ? row.dataset.breaking === 'true' : s === 'changed' ? row.dataset.change === 'changed' : row.dataset.status === s))
        && (!grade.value || row.dataset.grade === grade.value)
        && (!provider.value || row.dataset.provider === provider.value)
        && words.every(function (w) { return row.dataset.search.indexOf(w) >= 0; });
      row.hidden = !ok;
      if (ok) shown++;
    });
    count.textContent = 'Showing ' + shown + ' of ' + rows.length + ' services';
    document.getElementById('no-match').hidden = shown !== 0;
  }
  [text, status, grade, provider].forEach(function (el) { el.addEventListener('input', apply); el.addEventListener('change', apply); });
  document.getElementById('filters').addEventListener('reset', function () { setTimeout(apply, 0); });
  var headers = Array.prototype.slice.call(table.tHead.rows[0].cells);
  headers.forEach(function (th, column) {
    var button = th.querySelector('button');
    if (!button) return;
    button.addEventListener('click', function () {
      var ascending = th.getAttribute('aria-sort') !== 'ascending';
      headers.forEach(function (other) { other.removeAttribute('aria-sort'); });
      th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
      var numeric = th.classList.contains('num') || th.dataset.type === 'number';
      rows.sort(function (a, b) {
        var x = a.cells[column].dataset.value, y = b.cells[column].dataset.value;
        var order = numeric ? Number(x) - Number(y) : x.localeCompare(y);
        return (ascending ? order : -order) || Number(a.dataset.index) - Number(b.dataset.index);
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
  var overview = document.getElementById('overview');
  var page = document.getElementById('service-page');
  function el(tag, content, className) {
    var node = document.createElement(tag);
    if (content !== undefined && content !== null) node.textContent = String(content);
    if (className) node.className = className;
    return node;
  }
  // A message's Markdown code spans (\`x\`) shown as code, the rest as text: never as markup.
  function rich(tag, textContent, className) {
    var node = el(tag, undefined, className);
    String(textContent).split('\u0060').forEach(function (part, i, parts) {
      if (i % 2 === 1 && i < parts.length - 1) node.appendChild(el('code', part));
      else node.appendChild(document.createTextNode((i % 2 === 1 ? '\u0060' : '') + part));
    });
    return node;
  }
  // A JSON pointer that wraps only after a "/", never inside a segment.
  function pointer(textContent) {
    var node = el('code', undefined, 'pointer');
    String(textContent).split('/').forEach(function (part, i) {
      if (i > 0) { node.appendChild(document.createTextNode('/')); }
      if (i > 0) node.appendChild(document.createElement('wbr'));
      node.appendChild(document.createTextNode(part));
    });
    return node;
  }
  function link(textContent, url) {
    if (!/^https?:\\/\\//i.test(url)) return el('span', textContent);
    var a = el('a', textContent);
    a.href = url; a.rel = 'noopener noreferrer'; a.target = '_blank';
    return a;
  }
  function showService(name) {
    var index = data.names.indexOf(name);
    if (index < 0) return showOverview();
    var service = data.services[index];
    page.textContent = '';
    var back = el('a', '← All services'); back.href = '#'; back.id = 'back';
    page.appendChild(back);
    page.appendChild(el('h2', service.serviceCode + (service.title ? ' — ' + service.title : '')));
    var facts = el('dl');
    [['Service', service.name], ['Provider', service.provider], ['Version', service.version || ''], ['Score', service.score + '/100 (' + service.grade + ')'], ['Gate', service.passes ? 'passes' : 'fails'], ['Errors', service.errors], ['Warnings', service.warnings], ['Since the previous harvest', service.changeText || '—'], ['Versions side by side', service.majors.length ? service.majors.map(function (m) { return 'v' + m; }).join(', ') : '—'], ['Trend', service.trend.map(function (p) { return p.score; }).join(' → ')], ['Endpoints', service.endpoints.join(', ') || '—']]
      .concat(service.harvestError ? [['Not harvested', service.harvestError.kind + ': ' + service.harvestError.reason]] : [])
      .forEach(function (pair) { facts.appendChild(el('dt', pair[0])); facts.appendChild(el('dd', pair[1])); });
    page.appendChild(facts);
    var findings = data.findings[index];
    page.appendChild(el('h3', findings.length === 0 ? 'No findings: every rule passed.' : findings.length + ' finding' + (findings.length === 1 ? '' : 's')));
    if (findings.length) {
      var t = el('table'); t.id = 'service-findings';
      var head = t.createTHead().insertRow();
      ['Severity', 'Rule', 'Message', 'Where'].forEach(function (h) { head.appendChild(el('th', h)); });
      var tb = t.createTBody();
      findings.forEach(function (f) {
        var tr = tb.insertRow();
        tr.className = 'finding';
        tr.dataset.rule = f.ruleId;
        tr.appendChild(el('td', f.severity, 'severity-' + f.severity));
        var rule = el('td'); rule.appendChild(link(f.ruleId, f.docsUrl)); tr.appendChild(rule);
        tr.appendChild(rich('td', f.message, 'message'));
        var where = el('td');
        if (f.line) where.appendChild(el('span', 'line ' + f.line + ' ', 'line'));
        if (f.pointer) where.appendChild(pointer(f.pointer)); else where.appendChild(el('code', f.line ? '(the whole description)' : '(the service)'));
        tr.appendChild(where);
      });
      page.appendChild(t);
    }
    overview.hidden = true;
    page.hidden = false;
    window.scrollTo(0, 0);
  }
  function showOverview() { page.hidden = true; overview.hidden = false; }
  function route() {
    var match = /^#service=(.+)$/.exec(location.hash);
    if (match) showService(decodeURIComponent(match[1])); else showOverview();
  }
  window.addEventListener('hashchange', route);
  apply();
  route();
})();
`;

/** The per-service data the service pages are made from, as text for a JSON data block. */
function pageData(dashboard: CatalogueDashboard, report: Report, endpoints: Map<string, string[]>): string {
  const byService = new Map<string, Finding[]>();
  for (const finding of report.findings) {
    if (!counts(finding)) continue;
    const document = finding.description ?? finding.document;
    const own = byService.get(document);
    if (own) own.push(finding);
    else byService.set(document, [finding]);
  }
  const rank = { error: 0, warn: 1, info: 2, hint: 3 } as const;
  const data = {
    names: dashboard.services.map((s) => s.name),
    services: dashboard.services.map((s) => ({
      ...s,
      changeText: changeText(s),
      endpoints: endpoints.get(s.name) ?? [],
    })),
    findings: dashboard.services.map((s) =>
      (byService.get(s.name) ?? [])
        .slice()
        .sort((a, b) => rank[a.severity] - rank[b.severity] || (a.line ?? 0) - (b.line ?? 0))
        .map((f) => ({
          ruleId: f.ruleId,
          severity: f.severity,
          message: f.message,
          pointer: f.pointer,
          ...(f.line !== undefined ? { line: f.line } : {}),
          docsUrl: f.docsUrl,
        })),
    ),
  };
  // In a data block `</script` would end it: every `<` is written as \u003c; and as any JSON vottur
  // prints, no `##[` (a workflow command) nor raw separator (escapeJsonText).
  return escapeJsonText(JSON.stringify(data)).replace(/</g, '\\u003c');
}

export interface DashboardHtmlOptions {
  showPii?: boolean;
  /** Endpoints per service name (`GET /v2/users/{nationalId}`). */
  endpoints?: Map<string, string[]>;
}

export function renderDashboardHtml(
  given: CatalogueDashboard,
  givenReport: Report,
  options: DashboardHtmlOptions = {},
): string {
  // Every text from a security server or a description (names, titles, endpoints, error texts,
  // messages, pointers) is masked for personal national identifiers and has its control and
  // bidirectional characters shown escaped, once, here: each place below shows it as it is.
  const shown = <T>(value: T): T => escapedView(options.showPii ? value : maskedView(value), escapeControls);
  const dashboard = shown(given);
  const report = shown(givenReport);
  const endpoints = new Map(shown([...(options.endpoints ?? new Map<string, string[]>())]));
  const problems = report.findings.filter((f) => f.document === HARVEST_DOCUMENT && counts(f));
  const s = dashboard.summary;
  const card = (id: string, figure: string, label: string) =>
    `<div class="card" id="${id}"><div class="figure">${esc(figure)}</div><div class="label">${esc(label)}</div></div>`;
  const gate = `no ${dashboard.gate.failSeverity === 'error' ? 'error' : `finding at ${dashboard.gate.failSeverity} or above`}${dashboard.gate.minScore !== undefined ? `, score ≥ ${dashboard.gate.minScore}` : ''}`;
  const providers = [...new Set(dashboard.services.map((x) => x.provider))].sort((a, b) => a.localeCompare(b));
  const attested = s.attestations;
  const trendRows = dashboard.trend
    .map(
      (p) =>
        `<tr><td>${esc(p.harvested)}</td><td class="num">${p.services}</td><td class="num">${p.passing}</td><td class="num">${p.services === 0 ? 0 : Math.round((1000 * p.passing) / p.services) / 10}%</td><td class="num">${p.score}</td>${attested ? `<td class="num">${p.attested ?? '—'}</td>` : ''}</tr>`,
    )
    .join('');
  const topRules = s.topRules
    .map(
      (r) =>
        `<tr><td>${safeHref(r.docsUrl) ? `<a href="${safeHref(r.docsUrl)}" rel="noopener noreferrer" target="_blank">${esc(r.ruleId)}</a>` : esc(r.ruleId)}</td><td class="severity-${r.severity}">${esc(r.severity)}</td><td class="num">${r.services}</td><td class="num">${r.findings}</td></tr>`,
    )
    .join('');
  const header = (label: string, type: 'text' | 'number' = 'text') =>
    `<th${type === 'number' ? ' class="num"' : ''}><button type="button">${esc(label)}</button></th>`;
  const bodyHtml = [
    '<header>',
    '<h1>API catalogue dashboard</h1>',
    `<div class="meta">Harvested ${esc(dashboard.harvest.createdTimestamp)} from <code>${esc(dashboard.harvest.securityServer)}</code> as <code>${esc(dashboard.harvest.client)}</code> (${esc(dashboard.harvest.method)})${dashboard.previous ? `; compared with the harvest of ${esc(dashboard.previous.createdTimestamp)}` : '; no previous harvest to compare with'}.</div>`,
    '</header>',
    '<main>',
    '<div id="overview">',
    problems.length > 0
      ? `<section id="harvest-problems"><h2>The harvest is incomplete: ${problems.length} problem${problems.length === 1 ? '' : 's'}</h2><ul>${problems.map((f) => `<li><span class="severity-${f.severity}">${esc(f.ruleId)}</span>: ${messageHtml(f.message)}</li>`).join('')}</ul></section>`
      : '',
    '<div class="cards" id="summary">',
    card(
      'summary-services',
      String(s.services),
      `services with a REST interface (${s.subsystems} subsystems; ${s.wsdlSkipped} SOAP services not counted)`,
    ),
    card('summary-passing', `${s.passingShare}%`, `pass the gate (${s.passing} of ${s.services}; the gate: ${gate})`),
    card('summary-score', `${s.score} (${s.grade})`, 'catalogue score: the mean of the services’ scores'),
    card('summary-not-harvested', String(s.notHarvested), 'services whose description could not be harvested'),
    card('summary-breaking', String(s.breakingWithoutMajor), 'breaking changes without a new major version'),
    card(
      'summary-changed',
      dashboard.previous ? `${s.changed} / ${s.new} / ${s.removed}` : '—',
      'changed / new / removed since the previous harvest',
    ),
    attested
      ? card(
          'summary-attested',
          `${attested.attested} / ${attested.earlier} / ${attested.none}`,
          'attested / attested for an earlier version / not attested (vottur attest, matched by sha256)',
        )
      : '',
    '</div>',
    attested
      ? `<p class="meta" id="attestation-legend">Attestation: <strong>${ATTESTATION_LABEL.attested}</strong>: a record signed by a trusted key names the exact bytes served; <strong>${ATTESTATION_LABEL.earlier}</strong>: a record names the description as harvested before (or by its title), and it changed since; <strong>${ATTESTATION_LABEL.none}</strong>: no trusted record names it. A signature says who ran which check on which bytes, not that the check is right.</p>`
      : '',
    '<section id="top-rules"><h2>Rules failed most across the catalogue</h2>',
    s.topRules.length
      ? `<table><thead><tr><th>Rule</th><th>Severity</th><th class="num">Services</th><th class="num">Findings</th></tr></thead><tbody>${topRules}</tbody></table>`
      : '<p>No rule failed.</p>',
    '</section>',
    `<section id="trend"><h2>Trend across harvests</h2>${dashboard.trend.length < 2 ? '<p class="meta">One harvest so far: each report with a previous harvest (--previous, or vottur catalogue &lt;url&gt; run again with the same --out) adds a point.</p>' : trendChart(dashboard.trend, 'catalogue score by harvest')}<table><thead><tr><th>Harvested</th><th class="num">Services</th><th class="num">Passing</th><th class="num">Share</th><th class="num">Score</th>${attested ? '<th class="num">Attested</th>' : ''}</tr></thead><tbody>${trendRows}</tbody></table></section>`,
    '<section id="catalogue"><h2>Services</h2>',
    '<form class="filters" id="filters">',
    '<label>Search <input type="search" id="filter-text" placeholder="provider, service, rule…"></label>',
    '<label>Status <select id="filter-status"><option value="">all</option><option value="passing">passing</option><option value="failing">failing</option><option value="not-harvested">not harvested</option><option value="breaking">breaking without new major</option><option value="changed">changed</option><option value="removed">removed</option></select></label>',
    `<label>Grade <select id="filter-grade"><option value="">all</option>${['A', 'B', 'C', 'D', 'F'].map((g) => `<option>${g}</option>`).join('')}</select></label>`,
    `<label>Provider <select id="filter-provider"><option value="">all</option>${providers.map((p) => `<option value="${esc(p)}">${esc(p)}</option>`).join('')}</select></label>`,
    '<button type="reset">Clear</button>',
    `<span id="filter-count" aria-live="polite">Showing ${dashboard.services.length} of ${dashboard.services.length} services</span>`,
    '</form>',
    '<table id="services"><thead><tr>',
    [
      header('Provider'),
      header('Subsystem'),
      header('Service code'),
      header('Version'),
      header('Score', 'number'),
      header('Grade'),
      header('Errors', 'number'),
      header('Warnings', 'number'),
      header('Since previous harvest'),
      header('Trend', 'number'),
      header('Gate'),
      ...(attested ? [header('Attestation')] : []),
    ].join(''),
    '</tr></thead><tbody>',
    dashboard.services.map((service, index) => row(service, index, attested !== undefined)).join('\n'),
    '</tbody></table>',
    '<p id="no-match" hidden>No service matches these filters.</p>',
    '</section>',
    '</div>',
    '<section id="service-page" hidden></section>',
    '</main>',
    `<footer class="meta">Generated by vottur ${esc(dashboard.tool.version)} at ${esc(dashboard.createdTimestamp)}. Each service's findings: click its service code. People's national identifiers are ${options.showPii ? 'shown unmasked (--show-pii)' : 'masked; organisations’ kennitölur (public registry numbers) are shown'}; control and bidirectional characters from the security server and the descriptions are shown escaped.</footer>`,
  ].join('\n');
  return htmlPage({
    title: `API catalogue dashboard — ${dashboard.harvest.createdTimestamp}`,
    style: STYLE,
    script: SCRIPT,
    body: bodyHtml,
    data: `<script type="application/json" id="dashboard-data">${pageData(dashboard, report, endpoints)}</script>`,
  });
}

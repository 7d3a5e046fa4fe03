/**
 * The shell of every HTML page vottur writes (the report, `-f html`, and the catalogue
 * dashboard): one self-contained page whose style and script are inline and pinned by hash in a
 * Content-Security-Policy that forbids every network request, so it works offline, as a CI
 * artifact or an e-mail attachment, and loads nothing even if a message tried to. The escaping
 * and the colours of grades and severities live here too, so the two pages cannot drift apart.
 */
import { createHash } from 'node:crypto';
import { neutraliseMarkupCommands } from '../runtime/escape.js';
import type { Severity } from './finding.js';
import type { Grade } from './score.js';

/**
 * A grade's colour, as a ring's stroke, a chart's label or a badge's background under white text:
 * dark enough for either (the yellow the report once used for C was unreadable as a badge).
 */
export const GRADE_COLOR: Readonly<Record<Grade, string>> = {
  A: '#2e7d32',
  B: '#558b2f',
  C: '#b28704',
  D: '#ef6c00',
  F: '#c62828',
};

export const SEVERITY_COLOR: Readonly<Record<Severity, string>> = {
  error: '#c62828',
  warn: '#e65100',
  info: '#1565c0',
  hint: '#6b7280',
};

/** `.grade-A { background: … }` for every grade: badges coloured as everything else of that grade. */
export const GRADE_BADGE_STYLE = (Object.entries(GRADE_COLOR) as Array<[Grade, string]>)
  .map(([grade, color]) => `.grade-${grade} { background: ${color}; }`)
  .join(' ');

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** Escaped text with its Markdown code spans (`x`) shown as code (the message convention). */
export function messageHtml(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** An `http(s)` URL, escaped for an attribute; undefined for anything else (no `javascript:`). */
export function safeHref(url: string): string | undefined {
  return /^https?:\/\//i.test(url) ? escapeHtml(url) : undefined;
}

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

export interface HtmlPage {
  /** The page's title, as text (escaped here). */
  title: string;
  /** The inline style sheet: nothing from the report, so its hash pins it. */
  style: string;
  /** The inline script: nothing from the report either. */
  script: string;
  /** The body's markup, escaped by the caller; workflow commands in it are neutralised here. */
  body: string;
  /** Markup between the body and the script (a `<script type="application/json">` data block: not run, so not hashed). */
  data?: string;
}

/** The whole page: head (charset, CSP, no referrer, no favicon request, title, style), body, script. */
export function htmlPage(page: HtmlPage): string {
  const csp = [
    "default-src 'none'",
    `style-src ${sha256(page.style)}`,
    `script-src ${sha256(page.script)}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    // Only hashes and keywords: nothing from the report, and no double quote.
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<link rel="icon" href="data:,">',
    // Printed to a CI log, no line of a title starts a workflow command.
    `<title>${neutraliseMarkupCommands(escapeHtml(page.title))}</title>`,
    `<style>${page.style}</style>`,
    '</head>',
    '<body>',
    // Printed to a CI log (`-f html`, `catalogue report -f html`, a dashboard shown with `cat`),
    // no line of the body starts a workflow command, whatever text from outside it holds.
    neutraliseMarkupCommands(page.body),
    ...(page.data === undefined ? [] : [page.data]),
    `<script>${page.script}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * Output formats: each renders the one `Report` model to text. Add a format by adding a
 * formatter here; the CLI's `--format` choices come from this table.
 */
import type { Report } from '../finding.js';
import { formatGithub } from './github.js';
import { formatHtml } from './html.js';
import { formatJson } from './json.js';
import { formatJunit } from './junit.js';
import { formatMarkdown } from './markdown.js';
import { formatSarif } from './sarif.js';
import { formatStylish } from './stylish.js';

export interface FormatContext {
  /** Paths in the report are shown relative to this folder. */
  cwd: string;
  /** ANSI colours (stylish only; on when writing to a TTY). */
  color: boolean;
  /** Show national identifiers unmasked (`--show-pii`). */
  showPii: boolean;
  /** stylish only: list at most this many findings, most severe first (0 or absent: all). */
  maxProblems?: number;
  /** stylish only (`--quiet`): list errors only; the counts and the score still cover every finding. */
  quiet?: boolean;
}

export type Formatter = (report: Report, context: FormatContext) => string;

export const FORMATTERS = {
  stylish: formatStylish,
  json: formatJson,
  sarif: formatSarif,
  junit: formatJunit,
  github: formatGithub,
  markdown: formatMarkdown,
  html: formatHtml,
} satisfies Record<string, Formatter>;

export type FormatName = keyof typeof FORMATTERS;

export function isFormatName(name: string): name is FormatName {
  return Object.prototype.hasOwnProperty.call(FORMATTERS, name);
}

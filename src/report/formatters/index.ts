/**
 * Output formats: each renders the one `Report` model to text. Add a format by adding a
 * formatter here; the CLI's `--format` choices come from this table.
 */
import type { FormatContext, Formatter } from './types.js';
import type { Report } from '../finding.js';
import { formatGithub } from './github.js';
import { formatGitlab } from './gitlab.js';
import { formatHtml } from './html.js';
import { formatJson, formatJsonChunks } from './json.js';
import { formatJunit } from './junit.js';
import { formatMarkdown } from './markdown.js';
import { formatSarif } from './sarif.js';
import { formatStylish } from './stylish.js';

export type { FormatContext, Formatter } from './types.js';

export const FORMATTERS = {
  stylish: formatStylish,
  json: formatJson,
  sarif: formatSarif,
  junit: formatJunit,
  github: formatGithub,
  gitlab: formatGitlab,
  markdown: formatMarkdown,
  html: formatHtml,
} satisfies Record<string, Formatter>;

export type FormatName = keyof typeof FORMATTERS;

/**
 * Formats that can also be rendered in pieces, in order (the same text as their formatter's, cut
 * anywhere): a large report is written without being held whole in memory.
 */
export const CHUNKED_FORMATTERS: Partial<Record<FormatName, (report: Report, context: FormatContext) => Iterable<string>>> = {
  json: formatJsonChunks,
};

export function isFormatName(name: string): name is FormatName {
  return Object.prototype.hasOwnProperty.call(FORMATTERS, name);
}

/**
 * Output formats: each renders the one `Report` model to text. Add a format by adding a
 * formatter here; the CLI's `--format` choices come from this table.
 */
import type { Formatter } from './types.js';
import { formatGithub } from './github.js';
import { formatGitlab } from './gitlab.js';
import { formatHtml } from './html.js';
import { formatJson } from './json.js';
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

export function isFormatName(name: string): name is FormatName {
  return Object.prototype.hasOwnProperty.call(FORMATTERS, name);
}

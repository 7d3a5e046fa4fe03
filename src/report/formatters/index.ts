/**
 * Output formats: each renders the one `Report` model to text. Add a format by adding a
 * formatter here and its name and module to ./names.ts (which the CLI reads, loading only the
 * formats a run names); the CLI's `--format` choices come from there.
 */
import type { Formatter } from './types.js';
import type { FormatName } from './names.js';
import { formatGithub } from './github.js';
import { formatGitlab } from './gitlab.js';
import { formatHtml } from './html.js';
import { formatJson } from './json.js';
import { formatJunit } from './junit.js';
import { formatMarkdown } from './markdown.js';
import { formatSarif } from './sarif.js';
import { formatStylish } from './stylish.js';

export type { FormatContext, Formatter } from './types.js';
export { FORMAT_NAMES, isFormatName, loadFormat, type FormatName, type LoadedFormat } from './names.js';

export const FORMATTERS = {
  stylish: formatStylish,
  json: formatJson,
  sarif: formatSarif,
  junit: formatJunit,
  github: formatGithub,
  gitlab: formatGitlab,
  markdown: formatMarkdown,
  html: formatHtml,
} satisfies Record<FormatName, Formatter>;

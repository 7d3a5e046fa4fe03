/**
 * The one registry of output formats: each format's name and how to load its module. A run
 * renders one or two of the eight and loads only those (loading all of them, the HTML report alone
 * 30 kB of code, was ~9 ms of every `vottur lint`); the library's `FORMATTERS` (./index.ts) loads
 * every entry of this table. Adding a format is one entry here and its module.
 */
import type { Report } from '../finding.js';
import type { FormatContext, Formatter } from './types.js';

export interface LoadedFormat {
  format: Formatter;
  /**
   * The same text in pieces, in order, for formats that can render that way: a large report is
   * written without being held whole in memory.
   */
  chunks?: (report: Report, context: FormatContext) => Iterable<string>;
}

const FORMATS = {
  stylish: async () => ({ format: (await import('./stylish.js')).formatStylish }),
  json: async () => {
    const json = await import('./json.js');
    return { format: json.formatJson, chunks: json.formatJsonChunks };
  },
  sarif: async () => ({ format: (await import('./sarif.js')).formatSarif }),
  junit: async () => ({ format: (await import('./junit.js')).formatJunit }),
  github: async () => ({ format: (await import('./github.js')).formatGithub }),
  gitlab: async () => ({ format: (await import('./gitlab.js')).formatGitlab }),
  markdown: async () => ({ format: (await import('./markdown.js')).formatMarkdown }),
  html: async () => {
    const html = await import('./html.js');
    return { format: html.formatHtml, chunks: html.formatHtmlChunks };
  },
} satisfies Record<string, () => Promise<LoadedFormat>>;

export type FormatName = keyof typeof FORMATS;

/** The format names in the order `--help` and the docs list them. */
export const FORMAT_NAMES = Object.keys(FORMATS) as readonly FormatName[];

export function isFormatName(name: string): name is FormatName {
  return Object.hasOwn(FORMATS, name);
}

export function loadFormat(name: FormatName): Promise<LoadedFormat> {
  return FORMATS[name]();
}

/**
 * The output formats by name, each format's module loaded only when it is asked for: a run renders
 * one or two of the eight, and loading all of them (the HTML report alone is 30 kB of code) was
 * ~9 ms of every `vottur lint`. `FORMATTERS` (./index.ts) has them all, for the library.
 */
import type { Report } from '../finding.js';
import type { FormatContext, Formatter } from './types.js';

export const FORMAT_NAMES = ['stylish', 'json', 'sarif', 'junit', 'github', 'gitlab', 'markdown', 'html'] as const;

export type FormatName = (typeof FORMAT_NAMES)[number];

export function isFormatName(name: string): name is FormatName {
  return (FORMAT_NAMES as readonly string[]).includes(name);
}

export interface LoadedFormat {
  format: Formatter;
  /**
   * The same text in pieces, in order, for formats that can render that way: a large report is
   * written without being held whole in memory.
   */
  chunks?: (report: Report, context: FormatContext) => Iterable<string>;
}

export async function loadFormat(name: FormatName): Promise<LoadedFormat> {
  switch (name) {
    case 'stylish':
      return { format: (await import('./stylish.js')).formatStylish };
    case 'json': {
      const json = await import('./json.js');
      return { format: json.formatJson, chunks: json.formatJsonChunks };
    }
    case 'sarif':
      return { format: (await import('./sarif.js')).formatSarif };
    case 'junit':
      return { format: (await import('./junit.js')).formatJunit };
    case 'github':
      return { format: (await import('./github.js')).formatGithub };
    case 'gitlab':
      return { format: (await import('./gitlab.js')).formatGitlab };
    case 'markdown':
      return { format: (await import('./markdown.js')).formatMarkdown };
    case 'html':
      return { format: (await import('./html.js')).formatHtml };
  }
}

/**
 * The source of the documents a report is about, for formats that show or point into it: the
 * HTML report's code excerpts, and a finding's place for SARIF, GitHub and GitLab annotations.
 *
 * A finding's place is its own line, or for a contract finding (which has none) the
 * `descriptionPosition` it was given when it was made: no file is read or parsed to place one.
 * Only the HTML report's excerpts read files, and only documents the report lists, relative to
 * the working directory; URLs and anything unreadable are simply not shown.
 */
import { realpathSync } from 'node:fs';
import { readGivenFileSync } from '../runtime/safe-read.js';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { Finding, Report } from './finding.js';

/** Files larger than this are not read (an excerpt is not worth reading 50 MB). */
const MAX_BYTES = 32 * 1024 * 1024;

/**
 * How a report names a local file: relative to the working directory when it lies inside it
 * (`apis/x.yaml`), and as its absolute path when it does not (`/srv/apis/x.yaml`, never
 * `../../../srv/apis/x.yaml`).
 */
export function shownPath(cwd: string, absolute: string): string {
  const inside = relative(cwd, absolute);
  if (inside === '') return absolute;
  if (!inside.startsWith('..') && !isAbsolute(inside)) return inside;
  // The loader names files by their real path, while the working directory may be written through
  // a link (macOS's /tmp, a linked checkout), or the other way round: compare the real paths too.
  const real = realFolder(cwd);
  const file = join(realFolder(dirname(absolute)), basename(absolute));
  const underReal = relative(real, file);
  return underReal === '' || underReal.startsWith('..') || isAbsolute(underReal) ? absolute : underReal;
}

const realFolders = new Map<string, string>();
function realFolder(cwd: string): string {
  let real = realFolders.get(cwd);
  if (real === undefined) {
    try {
      real = realpathSync(cwd);
    } catch {
      real = cwd;
    }
    if (realFolders.size > 64) realFolders.clear();
    realFolders.set(cwd, real);
  }
  return real;
}

export function isUrl(document: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(document);
}

interface Loaded {
  lines: string[];
}

export interface Position {
  line: number;
  column: number;
}

/**
 * Where a finding is placed in its document, 1-based: its own line, else where its description
 * placed it when it was made (`descriptionPosition`); undefined when neither is known.
 */
export function findingPosition(finding: Finding): Position | undefined {
  if (finding.line !== undefined) return { line: finding.line, column: finding.column ?? 1 };
  return finding.descriptionPosition;
}

export class SourceFiles {
  private readonly cache = new Map<string, Loaded | null>();
  private readonly allowed: Set<string>;

  /** `documents`: the documents the report lists; nothing else is read. */
  constructor(
    private readonly cwd: string,
    documents: Iterable<string>,
  ) {
    this.allowed = new Set([...documents].filter((d) => !isUrl(d)));
  }

  static forReport(report: Pick<Report, 'documents'>, cwd: string): SourceFiles {
    return new SourceFiles(
      cwd,
      report.documents.map((d) => d.path),
    );
  }

  /** True when `document` is a listed local file (whether or not it could be read). */
  isLocal(document: string): boolean {
    return this.allowed.has(document);
  }

  private load(document: string): Loaded | null {
    const cached = this.cache.get(document);
    if (cached !== undefined) return cached;
    let loaded: Loaded | null = null;
    if (this.allowed.has(document)) {
      try {
        const file = isAbsolute(document) ? document : resolve(this.cwd, document);
        // The bounded reader (o34r15 item 3): a document swapped for a FIFO after the lint must not hang the report.
        const text = readGivenFileSync(file, { what: 'the document', cwd: this.cwd, maxBytes: MAX_BYTES }).toString(
          'utf8',
        );
        loaded = { lines: text.split(/\r\n|\r|\n/) };
      } catch {
        loaded = null;
      }
    }
    this.cache.set(document, loaded);
    return loaded;
  }

  /** The document's lines, or undefined when it is not a readable listed file. */
  lines(document: string): string[] | undefined {
    return this.load(document)?.lines;
  }

  /**
   * Lines `line - context` to `line + context` (1-based, clipped to the file), or undefined
   * when the source is not available or the line is past its end.
   */
  excerpt(document: string, line: number, context = 3): { start: number; lines: string[] } | undefined {
    const lines = this.lines(document);
    if (!lines || line < 1 || line > lines.length) return undefined;
    const start = Math.max(1, line - context);
    const end = Math.min(lines.length, line + context);
    return { start, lines: lines.slice(start - 1, end) };
  }
}

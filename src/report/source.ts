/**
 * The source of the documents a report is about, for formats that show or point into it: the
 * HTML report's code excerpts, and a line for contract findings (which carry a JSON pointer or an
 * operation but no line) in SARIF and GitHub annotations.
 *
 * Only documents the report lists are read, as files relative to the working directory; URLs and
 * anything unreadable are simply not available (the formats then go without).
 */
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, relative, resolve } from 'node:path';
import type { LineCounter, Node as YamlNode } from 'yaml';

/** The YAML library, loaded on first use: most reports never need it, and every `vottur lint` would pay for loading it. */
let yamlLibrary: typeof import('yaml') | undefined;
function yaml(): typeof import('yaml') {
  return (yamlLibrary ??= createRequire(import.meta.url)('yaml') as typeof import('yaml'));
}
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
  return inside.startsWith('..') || isAbsolute(inside) ? absolute : inside;
}

export function isUrl(document: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(document);
}

interface Loaded {
  text: string;
  lines: string[];
  parsed?: { root: YamlNode | null; counter: LineCounter } | null;
}

export interface Position {
  line: number;
  column: number;
}

// The path item's fixed method fields, OpenAPI 3.2's `query` among them (other 3.2 methods live under `additionalOperations`).
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query']);

/** `GET /v2/users/{nationalId}` → `/paths/~1v2~1users~1{nationalId}/get`, or undefined. */
export function operationPointer(operation: string): string | undefined {
  const match = /^([A-Za-z]+)\s+(\/\S*)$/.exec(operation.trim());
  if (!match || !HTTP_METHODS.has(match[1].toLowerCase())) return undefined;
  const path = match[2].replace(/~/g, '~0').replace(/\//g, '~1');
  return `/paths/${path}/${match[1].toLowerCase()}`;
}

function decodePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '#') return [];
  const body = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  return body
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
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
    if (this.cache.has(document)) return this.cache.get(document)!;
    let loaded: Loaded | null = null;
    if (this.allowed.has(document)) {
      try {
        const file = isAbsolute(document) ? document : resolve(this.cwd, document);
        const stat = statSync(file);
        if (stat.isFile() && stat.size <= MAX_BYTES) {
          const text = readFileSync(file, 'utf8');
          loaded = { text, lines: text.split(/\r\n|\r|\n/) };
        }
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

  /**
   * Where a JSON pointer lands in a YAML or JSON document: the key of the member it names (as
   * Spectral reports), or the item for array indices. Undefined when it cannot be found.
   */
  locate(document: string, pointer: string): Position | undefined {
    const loaded = this.load(document);
    if (!loaded) return undefined;
    if (loaded.parsed === undefined) {
      try {
        const { LineCounter, parseDocument } = yaml();
        const counter = new LineCounter();
        const parsed = parseDocument(loaded.text, { lineCounter: counter, uniqueKeys: false, strict: false });
        loaded.parsed = { root: parsed.contents as YamlNode | null, counter };
      } catch {
        loaded.parsed = null;
      }
    }
    if (!loaded.parsed) return undefined;
    const { root, counter } = loaded.parsed;
    const { isMap, isPair, isScalar, isSeq } = yaml();
    let node: unknown = root;
    let offset: number | undefined = root?.range?.[0];
    for (const segment of decodePointer(pointer)) {
      if (isMap(node)) {
        const pair = node.items.find(
          (item) => isPair(item) && isScalar(item.key) && String(item.key.value) === segment,
        );
        if (!pair) return undefined;
        offset = (pair.key as YamlNode).range?.[0];
        node = pair.value;
      } else if (isSeq(node) && /^\d+$/.test(segment)) {
        const item = node.items[Number(segment)];
        if (item === undefined) return undefined;
        offset = (item as YamlNode).range?.[0];
        node = item;
      } else {
        return undefined;
      }
    }
    if (offset === undefined) return undefined;
    const position = counter.linePos(offset);
    return { line: position.line, column: position.col };
  }

  /**
   * A line for a finding: its own, else where its pointer (or, for contract findings, its
   * operation) lands in its document. The pointer of a response finding may point into the
   * payload rather than the description, so for those only pointers into the description's
   * own sections are followed.
   */
  position(finding: Finding): Position | undefined {
    if (finding.line !== undefined) return { line: finding.line, column: finding.column ?? 1 };
    if (!this.isLocal(finding.document)) return undefined;
    const descriptionPointer = finding.source === 'lint' || /^\/(paths|components|webhooks)\//.test(finding.pointer);
    if (finding.pointer && descriptionPointer) {
      const found = this.locate(finding.document, finding.pointer);
      if (found) return found;
    }
    const pointer = finding.operation ? operationPointer(finding.operation) : undefined;
    return pointer ? this.locate(finding.document, pointer) : undefined;
  }
}

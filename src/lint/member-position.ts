/**
 * Where a path of a loaded file starts as its author reads it: at the key of the member it names
 * (`get:` for `/paths/~1users/get`), or at the item for an array index. The loader's `locate` gives
 * the value's range, as Spectral reports findings; a finding about a whole operation or response
 * (a contract finding) is shown on its key instead. Only the nodes on the path are visited: the
 * file's syntax tree for YAML, and for JSON the value's range and the few characters before it.
 */
import type { JsonPath } from '../../rulesets/lib/openapi/types.js';
import type { SourceFile } from './load.js';

/** 1-based. */
export interface Position {
  line: number;
  column: number;
}

/** A node of yaml-ast-parser's tree (the loader's YAML syntax tree), as far as a walk along a path needs it. */
interface YamlNode {
  kind: number;
  startPosition: number;
  value?: unknown;
  key?: YamlNode | null;
  mappings?: Array<YamlNode | null>;
  items?: Array<YamlNode | null>;
}

const SCALAR = 0;
const MAP = 2;
const SEQ = 3;

/**
 * Where `path` starts in `file`: the key of the member it names, the item it indexes, or the
 * top-level value for `[]`. Undefined when the file has nothing at that path.
 */
export function memberPosition(file: SourceFile, path: JsonPath): Position | undefined {
  return file.kind === 'yaml' ? yamlMemberPosition(file, path) : jsonMemberPosition(file, path);
}

function yamlMemberPosition(file: SourceFile, path: JsonPath): Position | undefined {
  const ast = file.parsed.ast as YamlNode | undefined;
  const lineStarts = file.parsed.lineMap as number[] | undefined;
  if (!ast || !lineStarts) return undefined;
  let node: YamlNode | null | undefined = ast;
  let offset = ast.startPosition;
  for (const segment of path) {
    if (node?.kind === MAP) {
      // The first member with that key, compared as text (a key written `200` names the member `200`).
      const mapping: YamlNode | null | undefined = node.mappings?.find(
        (m) => m?.key?.kind === SCALAR && String(m.key.value) === String(segment),
      );
      if (!mapping?.key) return undefined;
      offset = mapping.key.startPosition;
      node = mapping.value as YamlNode | null | undefined;
    } else if (node?.kind === SEQ && /^\d+$/.test(String(segment))) {
      const item: YamlNode | null | undefined = node.items?.[Number(segment)];
      if (!item) return undefined;
      offset = item.startPosition;
      node = item;
    } else {
      return undefined;
    }
  }
  return positionAt(offset, lineStarts);
}

/** Offsets where each line after the first starts (LF, CRLF or a lone CR ends a line, as JSON's parsers count). */
const jsonLineStarts = new WeakMap<SourceFile, number[]>();

function lineStartsOf(file: SourceFile): number[] {
  let starts = jsonLineStarts.get(file);
  if (starts) return starts;
  starts = [];
  const text = file.text;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  jsonLineStarts.set(file, starts);
  return starts;
}

function jsonMemberPosition(file: SourceFile, path: JsonPath): Position | undefined {
  // The loader's JSON `locate` falls back to the closest node; only a path the data has is placed.
  let node: unknown = file.parsed.data;
  let inArray = false;
  for (const segment of path) {
    inArray = Array.isArray(node);
    if (Array.isArray(node) && /^\d+$/.test(String(segment)) && Number(segment) < node.length) {
      node = (node as unknown[])[Number(segment)];
    } else if (
      typeof node === 'object' &&
      node !== null &&
      !Array.isArray(node) &&
      Object.prototype.hasOwnProperty.call(node, segment)
    ) {
      node = (node as Record<string, unknown>)[String(segment)];
    } else {
      return undefined;
    }
  }
  const range = file.locate(path);
  if (!range) return undefined;
  const lineStarts = lineStartsOf(file);
  const lineStart = range.start.line === 0 ? 0 : (lineStarts[range.start.line - 1] ?? 0);
  const valueOffset = lineStart + range.start.character;
  const offset = path.length > 0 && !inArray ? (keyStart(file.text, valueOffset) ?? valueOffset) : valueOffset;
  return positionAt(offset, lineStarts);
}

const isJsonWhitespace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** The offset of the `"` that opens the key of the member whose value starts at `valueOffset`. */
function keyStart(text: string, valueOffset: number): number | undefined {
  let i = valueOffset - 1;
  while (i >= 0 && isJsonWhitespace(text.charCodeAt(i))) i--;
  if (text.charCodeAt(i) !== 58) return undefined; // ':'
  i--;
  while (i >= 0 && isJsonWhitespace(text.charCodeAt(i))) i--;
  if (text.charCodeAt(i) !== 34) return undefined; // the key's closing '"'
  // Inside a string every '"' is escaped: the opening quote is the first one before that is not.
  let quote = text.lastIndexOf('"', i - 1);
  while (quote >= 0) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return quote;
    quote = text.lastIndexOf('"', quote - 1);
  }
  return undefined;
}

/** `lineStarts[k]`: where line k + 2 starts (1-based lines; line 1 starts at 0). */
function positionAt(offset: number, lineStarts: readonly number[]): Position {
  let low = 0;
  let high = lineStarts.length;
  // The number of line starts at or before `offset` is the 0-based line.
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((lineStarts[mid] ?? Infinity) <= offset) low = mid + 1;
    else high = mid;
  }
  const start = low === 0 ? 0 : (lineStarts[low - 1] ?? 0);
  return { line: low + 1, column: offset - start + 1 };
}

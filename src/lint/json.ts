/**
 * JSON the fast way. Spectral's JSON parser (jsonc-parser plus `@stoplight/json`) builds a syntax
 * tree with a range for every node and wraps every object in an order-keeping Proxy: ~0.3 s and
 * ~150 MB on a 4 MB description before any rule runs, and every later property read goes
 * through a Proxy trap. Here the data comes from `JSON.parse` (tens of milliseconds), and
 * positions are computed only for the paths that findings point at:
 *
 * - one linear scan of the text (strings are skipped with `indexOf`) records where every object
 *   and array opens and closes, where every line starts, how many members there are and which
 *   objects list integer-like keys out of JavaScript's own key order;
 * - a path is then located by listing the members of only the containers on that path (each
 *   container listed once, its nested values skipped in O(1) through the open/close table), and
 *   an offset becomes a line and column by binary search.
 *
 * The result is the same as Spectral's: the same data (including key order: objects whose
 * integer-like keys are written out of JavaScript's order get the written order, as Spectral's
 * order-keeping objects do) and the same ranges as `@stoplight/json`'s `getLocationForJsonPath`
 * (`test/lint/engine.test.ts` compares both on every node of real documents). Whatever this
 * parser cannot reproduce exactly (a syntax error, a comment, a trailing comma, a duplicate key,
 * a byte-order mark) makes `parseJsonFast` return undefined, and the caller uses Spectral's parser
 * instead. A `__proto__` key is kept as plain data here (`JSON.parse` makes it an own property);
 * Spectral's parser would make it the object's prototype (see docs/security.md).
 */
import type { IRange } from '@stoplight/types';
import { MAX_NESTING, nestsDeeperThan, stringEnd } from '../runtime/json-nesting.js';

export type Segment = string | number;

export { MAX_NESTING, nestsDeeperThan };

export interface FastJson {
  data: unknown;
  /** The range of the node at `path`, or (with `closest`) of the deepest node on it that exists. */
  locate(path: readonly Segment[], closest?: boolean): IRange | undefined;
}

interface Scan {
  /** Offsets of every `{` and `[`, in text order; `closes[i]` is where container i closes. */
  opens: number[];
  closes: number[];
  /** Offset of the first character of every line (lines end at LF, CRLF or a lone CR, as in jsonc-parser). */
  lineStarts: number[];
  /** Number of object members (`:` outside strings). */
  members: number;
  /** Offsets of objects whose integer-like keys are not written in JavaScript's key order. */
  misordered: number[];
}

const QUOTE = 34;
const BACKSLASH = 92;

function keyAt(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end);
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(text.slice(start, end + 1)) as string;
  } catch {
    // Only in text that is not JSON (scanned before JSON.parse refuses it): the key is not used.
    return raw;
  }
}

/** An "array index" in JavaScript's sense: such keys are listed first, in ascending order. */
function arrayIndex(key: string): number {
  if (key.length === 0 || key.length > 10) return -1;
  const first = key.charCodeAt(0);
  if (first < 48 || first > 57 || (first === 48 && key.length > 1)) return -1;
  for (let i = 1; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
  }
  const value = Number(key);
  return value < 4294967295 ? value : -1;
}

const NO_KEY = -1;
const TEXT_KEY = -2;
const REPORTED = -3;

/**
 * One pass over the text, before any parser: the containers, lines and members (see Scan), or
 * undefined as soon as objects and arrays nest deeper than MAX_NESTING (as `nestsDeeperThan`
 * finds, in the same pass: a second pass over a 4 MB text cost ~20–80 ms of a lint, run cold).
 * The text may not be JSON at all: then the result is not used.
 */
function scan(text: string): Scan | undefined {
  const opens: number[] = [];
  const closes: number[] = [];
  const lineStarts = [0];
  const misordered: number[] = [];
  const stack: number[] = [];
  // Per open object: NO_KEY, TEXT_KEY (a non-index key seen), REPORTED, or the last index key.
  const keyState: number[] = [];
  let members = 0;
  let lastStringStart = -1;
  let lastStringEnd = -1;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    switch (c) {
      case QUOTE:
        lastStringStart = i;
        lastStringEnd = i = stringEnd(text, i);
        break;
      case 123: // {
      case 91: // [
        if (stack.push(opens.length) > MAX_NESTING) return undefined;
        keyState.push(NO_KEY);
        opens.push(i);
        closes.push(-1);
        break;
      case 125: // }
      case 93: {
        // ]
        const opened = stack.pop();
        if (opened !== undefined) closes[opened] = i;
        keyState.pop();
        break;
      }
      case 58: {
        // :
        members++;
        const depth = keyState.length - 1;
        const state = keyState[depth];
        // In JSON a colon is always inside an object (text that is not JSON is refused by JSON.parse after this scan).
        if (state === undefined || state === REPORTED) break;
        const first = text.charCodeAt(lastStringStart + 1);
        const index =
          (first >= 48 && first <= 57) || first === BACKSLASH
            ? arrayIndex(keyAt(text, lastStringStart, lastStringEnd))
            : -1;
        if (index === -1) keyState[depth] = TEXT_KEY;
        else if (state === TEXT_KEY || (state >= 0 && index < state)) {
          keyState[depth] = REPORTED;
          const open = opens[stack[depth] ?? -1];
          if (open !== undefined) misordered.push(open);
        } else keyState[depth] = index;
        break;
      }
      case 10:
        lineStarts.push(i + 1);
        break;
      case 13:
        if (text.charCodeAt(i + 1) !== 10) lineStarts.push(i + 1);
        break;
    }
  }
  return { opens, closes, lineStarts, members, misordered };
}

/** Own keys of every object in the parsed data (JSON.parse keeps the last of duplicate keys, so fewer keys than members means a duplicate). */
function countKeys(value: unknown): number {
  let count = 0;
  // Iterative: deep documents must not overflow the stack.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      for (const item of node) if (typeof item === 'object' && item !== null) stack.push(item);
      continue;
    }
    for (const key in node) {
      if (!Object.prototype.hasOwnProperty.call(node, key)) continue;
      count++;
      const item = (node as Record<string, unknown>)[key];
      if (typeof item === 'object' && item !== null) stack.push(item);
    }
  }
  return count;
}

function isWhitespace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

class Locator {
  /** Members (objects) or elements (arrays) of the containers listed so far, by open offset. */
  private readonly listed = new Map<number, { keys?: Map<string, number>; starts: number[] }>();

  constructor(
    private readonly text: string,
    private readonly index: Scan,
  ) {}

  private skipWhitespace(i: number): number {
    while (isWhitespace(this.text.charCodeAt(i))) i++;
    return i;
  }

  /** Offset just past the value that starts at `start`. */
  valueEnd(start: number): number {
    const c = this.text.charCodeAt(start);
    if (c === 123 || c === 91) return this.closeOf(start) + 1;
    if (c === QUOTE) return stringEnd(this.text, start) + 1;
    let i = start;
    for (;;) {
      const d = this.text.charCodeAt(i);
      if (d !== d || d === 44 || d === 125 || d === 93 || isWhitespace(d)) return i; // NaN: end of text
      i++;
    }
  }

  private closeOf(open: number): number {
    const { opens, closes } = this.index;
    let low = 0;
    let high = opens.length - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const at = opens[mid];
      const close = closes[mid];
      if (at === undefined || close === undefined) break;
      if (at === open) return close;
      if (at < open) low = mid + 1;
      else high = mid - 1;
    }
    throw new Error(`no container opens at offset ${open}`);
  }

  private list(open: number): { keys?: Map<string, number>; starts: number[] } {
    let entry = this.listed.get(open);
    if (entry) return entry;
    const text = this.text;
    const isObject = text.charCodeAt(open) === 123;
    const starts: number[] = [];
    const keys = isObject ? new Map<string, number>() : undefined;
    let i = this.skipWhitespace(open + 1);
    const close = isObject ? 125 : 93;
    while (text.charCodeAt(i) !== close) {
      if (keys) {
        const end = stringEnd(text, i);
        const key = keyAt(text, i, end);
        i = this.skipWhitespace(end + 1) + 1; // past the colon
        i = this.skipWhitespace(i);
        // The first of duplicate keys wins, as in @stoplight/json (documents with duplicates never get here).
        if (!keys.has(key)) keys.set(key, i);
      }
      starts.push(i);
      i = this.skipWhitespace(this.valueEnd(i));
      if (text.charCodeAt(i) === 44) i = this.skipWhitespace(i + 1);
    }
    entry = { keys, starts };
    this.listed.set(open, entry);
    return entry;
  }

  /** The last path looked up (as far as it was found) and the offset reached after each segment. */
  private lastPath: Segment[] = [];
  private readonly lastOffsets: number[] = [];
  private rootOffset = -1;

  /** Start offset of the node at `path`, following `@stoplight/json`'s `findNodeAtPath` to the letter. */
  find(path: readonly Segment[], closest: boolean): number | undefined {
    // Findings come in runs at neighbouring paths: resume from the prefix shared with the last lookup.
    const last = this.lastPath;
    const offsets = this.lastOffsets;
    let depth = 0;
    while (depth < path.length && depth < last.length && path[depth] === last[depth]) depth++;
    if (this.rootOffset < 0) this.rootOffset = this.skipWhitespace(0);
    let node = (depth === 0 ? undefined : offsets[depth - 1]) ?? this.rootOffset;
    let k = depth;
    for (; k < path.length; k++) {
      const segment = path[k];
      if (segment === undefined) break;
      const numeric = Number(segment);
      const t = Number.isInteger(numeric) ? numeric : segment;
      const c = this.text.charCodeAt(node);
      let next: number | undefined;
      if (typeof t === 'string' || c !== 91) {
        next = c === 123 ? this.keysOf(node).get(String(t)) : undefined;
      } else {
        const { starts } = this.list(node);
        next = t < 0 || t >= starts.length ? undefined : starts[t];
      }
      if (next === undefined) break;
      node = next;
      offsets[k] = node;
    }
    // What was found of this path is the prefix the next lookup may resume from.
    offsets.length = k;
    this.lastPath = k === depth && k === last.length ? last : path.slice(0, k);
    if (k < path.length) return closest ? node : undefined;
    return node;
  }

  position(offset: number): { line: number; character: number } {
    const { lineStarts } = this.index;
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if ((lineStarts[mid] ?? Infinity) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: offset - (lineStarts[low] ?? 0) };
  }

  locate(path: readonly Segment[], closest = false): IRange | undefined {
    const start = this.find(path, closest);
    if (start === undefined) return undefined;
    const c = this.text.charCodeAt(start);
    const end = this.valueEnd(start);
    const from = this.position(start);
    // A literal's range is on its own line; a container's ends after its closing bracket.
    const to =
      c === 123 || c === 91 ? this.position(end) : { line: from.line, character: from.character + (end - start) };
    return { start: from, end: to };
  }

  /** The data path of the object that opens at `open` (for re-ordering keys). */
  pathTo(open: number): Segment[] {
    const path: Segment[] = [];
    let node = this.skipWhitespace(0);
    while (node !== open) {
      const { keys, starts } = this.list(node);
      // The last member that starts at or before `open` holds it.
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const mid = (low + high + 1) >>> 1;
        if ((starts[mid] ?? Infinity) <= open) low = mid;
        else high = mid - 1;
      }
      const start = starts[low];
      if (start === undefined) break;
      if (keys) {
        for (const [key, at] of keys) if (at === start) path.push(key);
      } else path.push(low);
      node = start;
    }
    return path;
  }

  /** The keys of the object that opens at `open`, as written. */
  writtenKeys(open: number): string[] {
    return [...this.keysOf(open).keys()];
  }

  /** The keys of the object that opens at `open`: callers have seen its `{`. */
  private keysOf(open: number): Map<string, number> {
    const { keys } = this.list(open);
    if (keys === undefined) throw new Error(`the JSON value at offset ${open} is not an object`);
    return keys;
  }
}

/** Keeps an object's keys in written order (what Spectral's parser does for every object). */
function inWrittenOrder<T extends object>(target: T, order: string[]): T {
  return new Proxy(target, { ownKeys: () => [...order] });
}

/**
 * Parses JSON text as Spectral's JSON parser would, or returns undefined when only Spectral's
 * parser can do that exactly (see the module comment); `tooDeep` for text nested deeper than
 * `MAX_NESTING`, valid JSON or not, found before any parser runs.
 */
export function parseJsonFast(text: string): FastJson | { tooDeep: true } | undefined {
  // Before any parser: a document refused for its depth costs no parse (and no fallback parser's recursion).
  const index = scan(text);
  if (index === undefined) return { tooDeep: true };
  if (text.charCodeAt(0) === 0xfeff) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null) return undefined;
  if (countKeys(data) !== index.members) return undefined;
  const locator = new Locator(text, index);
  // Deepest first, so a re-ordered parent holds its re-ordered children.
  for (const open of [...index.misordered].reverse()) {
    const path = locator.pathTo(open);
    let parent: object | undefined = undefined;
    let node: unknown = data;
    for (const segment of path) {
      // The path was scanned from this text: every container on it is there.
      if (typeof node !== 'object' || node === null) break;
      parent = node;
      node = Reflect.get(node, segment);
    }
    if (typeof node !== 'object' || node === null) continue;
    const ordered = inWrittenOrder(node, locator.writtenKeys(open));
    const key = path.at(-1);
    if (parent === undefined || key === undefined) data = ordered;
    else
      Object.defineProperty(parent, key, {
        value: ordered,
        writable: true,
        enumerable: true,
        configurable: true,
      });
  }
  return { data, locate: (path, closest) => locator.locate(path, closest) };
}

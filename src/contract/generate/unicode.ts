/**
 * Text beyond ASCII for the generated phases, on a platform whose users are called Þórður and
 * Guðrún: Icelandic letters, combining marks, characters outside the Basic Multilingual Plane,
 * right-to-left scripts, zero-width and control characters, and look-alikes of ASCII characters
 * (Arabic-Indic and full-width digits, Cyrillic letters) that a `pattern` such as `^[0-9]{10}$`
 * must refuse. Where a value goes (path, query, header, body) decides how it is encoded; header
 * values are percent-encoded by the request builder, since HTTP allows only visible ASCII there.
 */
import fc, { type Arbitrary } from 'fast-check';
import { MAX_PATTERN_SAMPLE_LENGTH } from './pattern-bounds.js';

/** Printable non-ASCII text, each sample a thing a real server has been seen to mishandle. */
export const UNICODE_SAMPLES = [
  { what: 'Icelandic letters', text: 'Þórður Ægisson ðæö' },
  { what: 'combining marks', text: 'Jo\u0301n Gu\u0308nter n\u0303' },
  { what: 'characters outside the Basic Multilingual Plane', text: '😀 𝔘 🇮🇸' },
  { what: 'right-to-left text', text: 'مرحبا שלום' },
  { what: 'zero-width characters', text: 'a\u200Bb\u200Dc\uFEFFd' },
] as const;

const ICELANDIC_LETTERS = [...'ÞÐÆÖÁÉÍÓÚÝþðæöáéíóúý'];
const COMBINING = ['a\u0301', 'e\u0308', 'o\u0303', 'u\u030A', 'n\u0327'];
const ASTRAL = ['😀', '🇮🇸', '𝔘', '𠜎', '🧑🏽‍💻'];
const RIGHT_TO_LEFT = [...'مرحباשלום', '\u200F', '\u202E'];
const ZERO_WIDTH = ['\u200B', '\u200C', '\u200D', '\uFEFF', '\u2060'];
const CONTROL = ['\u0000', '\u0007', '\u0008', '\t', '\n', '\r', '\u001B', '\u001F', '\u007F', '\u0085'];

const SURROGATES = 0xe000 - 0xd800;
const LAST_CODE_POINT = 0x10ffff;

/**
 * Any code point but a lone surrogate, one per value: fast-check's `binary` unit, the same index to
 * code point, so the same values for a seed. fast-check's own unit answers "which index gave this
 * code point?" from a map of all 1.1 million code points, built the first time a string
 * arbitrary over it is made (2-3 s, and every `vottur contract` run paid it); here it is arithmetic.
 */
export const anyCodePoint: Arbitrary<string> = fc.nat({ max: LAST_CODE_POINT - SURROGATES }).map(
  (index) => String.fromCodePoint(index < 0xd800 ? index : index + SURROGATES),
  (value) => {
    const point = typeof value === 'string' ? value.codePointAt(0) : undefined;
    if (point === undefined || String.fromCodePoint(point) !== value || (point >= 0xd800 && point < 0xe000))
      throw new Error('not one code point');
    return point < 0xd800 ? point : point - SURROGATES;
  },
);

/**
 * One unit of generated text: ASCII and Icelandic letters most often, then combining marks, astral
 * characters, right-to-left and zero-width characters, control characters, and any code point
 * at all (fast-check's `binary` unit: every code point but a lone surrogate).
 */
export const unicodeUnit: Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }), weight: 4 },
  { arbitrary: fc.constantFrom(...ICELANDIC_LETTERS), weight: 4 },
  { arbitrary: fc.constantFrom(...COMBINING), weight: 1 },
  { arbitrary: fc.constantFrom(...ASTRAL), weight: 1 },
  { arbitrary: fc.constantFrom(...RIGHT_TO_LEFT), weight: 1 },
  { arbitrary: fc.constantFrom(...ZERO_WIDTH), weight: 1 },
  { arbitrary: fc.constantFrom(...CONTROL), weight: 1 },
  { arbitrary: fc.string({ unit: anyCodePoint, minLength: 1, maxLength: 1 }), weight: 2 },
);

/** Strings of `unicodeUnit`s (length in units: a unit may be more than one code point). */
export function unicodeString(minLength: number, maxLength: number): Arbitrary<string> {
  return fc.string({ unit: unicodeUnit, minLength, maxLength });
}

const ARABIC_INDIC_ZERO = 0x0660;
const FULL_WIDTH_ZERO = 0xff10;
const CYRILLIC: Record<string, string> = {
  a: 'а',
  c: 'с',
  e: 'е',
  o: 'о',
  p: 'р',
  x: 'х',
  y: 'у',
  A: 'А',
  B: 'В',
  C: 'С',
  E: 'Е',
  H: 'Н',
  K: 'К',
  M: 'М',
  O: 'О',
  P: 'Р',
  T: 'Т',
  X: 'Х',
};

/** Look-alikes of an ASCII text: the same digits in other scripts, the same letters in Cyrillic. Empty where nothing changes. */
export function lookAlikes(text: string): Array<{ what: string; value: string }> {
  const digits = (zero: number) => text.replace(/[0-9]/g, (d) => String.fromCodePoint(zero + Number(d)));
  const found = [
    { what: 'Arabic-Indic digits', value: digits(ARABIC_INDIC_ZERO) },
    { what: 'full-width digits', value: digits(FULL_WIDTH_ZERO) },
    // One letter swapped is enough: the text still reads the same to a person.
    { what: 'a Cyrillic look-alike letter', value: text.replace(/[aceopxyABCEHKMOPTX]/, (c) => CYRILLIC[c] ?? c) },
  ];
  return found.filter((candidate) => candidate.value !== text);
}

/** The text cut or repeated to a length (in code points) from `min` to `max`; undefined when none fits. */
export function fitLength(text: string, min: number, max: number | undefined): string | undefined {
  const unit = [...text];
  if (max !== undefined && max < Math.max(min, 1)) return undefined;
  // Beyond the generation bounds no sample is stretched (a minLength of 10⁶ built 10⁵ arrays, each longer).
  if (min > MAX_PATTERN_SAMPLE_LENGTH || (unit.length === 0 && min > 0)) return undefined;
  let points = unit;
  if (points.length < min) points = Array.from({ length: Math.ceil(min / unit.length) }, () => unit).flat();
  if (max !== undefined && points.length > max) points = points.slice(0, max);
  const fitted = points.join('').trim();
  return [...fitted].length >= min ? fitted : points.join('');
}

/** True when a value (or any string inside it) has a character outside ASCII. */
export function hasNonAscii(value: unknown): boolean {
  if (typeof value === 'string') return /[\u0080-\uffff]/.test(value);
  if (Array.isArray(value)) return value.some(hasNonAscii);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).some(([key, member]) => hasNonAscii(key) || hasNonAscii(member));
  return false;
}

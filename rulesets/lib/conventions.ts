/**
 * The platform's data-format conventions as code, shared by the lint rules and the contract
 * checks on live payloads (src/contract), so a description and a server are held to one form.
 */
import { compileSafePattern, type SafePattern } from './patterns.js';

/**
 * The platform's date-time: RFC 3339 in the form `yyyy-MM-ddThh:mm:ss.sssZ`: four-digit year,
 * month 01-12, day 01-31, hour 00-23, minute and second 00-59, a fraction of one or more digits
 * (required), and a zone `Z` or `+hh:mm` / `-hh:mm`.
 */
export const PLATFORM_DATE_TIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d+(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

export function isPlatformDateTime(value: string): boolean {
  return PLATFORM_DATE_TIME.test(value);
}

/** The form of a national identifier in APIs: ten digits, no hyphen. */
export const NATIONAL_ID = /^\d{10}$/;

export function isNationalIdForm(value: unknown): boolean {
  return typeof value === 'string' && NATIONAL_ID.test(value);
}

/** Field and parameter names that hold a national identifier in the platform's form. */
export function isNationalIdName(name: string): boolean {
  return name === 'nationalId' || /^[a-z][a-zA-Z0-9]*NationalId$/.test(name);
}

/** The catalogue's `info.x-category` values. */
export const X_CATEGORY_VALUES = ['open', 'official', 'personal', 'health', 'financial'] as const;
/** The catalogue's `info.x-pricing` values. */
export const X_PRICING_VALUES = ['free', 'paid'] as const;

/** Semantic Versioning 2.0.0, the regular expression semver.org publishes. */
export const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

/** An amount: digits, optionally a dot and more digits (`[0-9]+(.[0-9]+)?`). */
export const AMOUNT = /^[0-9]+(\.[0-9]+)?$/;

/**
 * The string formats JSON Schema (2020-12 and earlier drafts) and OpenAPI define: each says what
 * a text is (a link, an address, an identifier, a moment or span, bytes, a pointer, a pattern).
 * The rules that read a string's meaning start from it, each adding the common formats of the
 * registry it also takes (platform-date-time-format, platform-amount-format).
 */
export const STRING_FORMATS: readonly string[] = [
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uri-template',
  'uuid',
  'json-pointer',
  'relative-json-pointer',
  'regex',
  'byte',
  'binary',
];

/** ALL_CAPS enum values: upper-case letters (any alphabet's: `HØRING`, `ÚTRUNNIÐ`), digits, underscores. */
export const ALL_CAPS = /^[\p{Lu}0-9]+(_[\p{Lu}0-9]+)*$/u;
/** camelCase: starts lower-case, letters and digits only. */
export const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;
/** PascalCase: starts upper-case, letters and digits only. */
export const PASCAL_CASE = /^[A-Z][a-zA-Z0-9]*$/;
/** A static path segment: lower-case words joined by hyphens (a leading dot marks the platform's placeholders such as `.national-id`). */
export const KEBAB_SEGMENT = /^\.?[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * Where an acronym ends before a word (`APISpec` → `API|Spec`): before a capital that follows a
 * capital and precedes a small letter. It marks the same places as `/([A-Z]+)([A-Z][a-z])/g` did,
 * one in each run of capitals followed by a small letter, but reads a constant three characters
 * at each place: the old pattern tried every start in a run of capitals not followed by one,
 * quadratic (issue 34, B4: a name of 80,000 capitals took 43 s).
 */
export const ACRONYM_BEFORE_WORD = /(?<=[A-Z])(?=[A-Z][a-z])/g;

/**
 * Three capitals and a small letter (`URLSafe`: an acronym before a word), found as the last two
 * capitals before `Sa`: `/[A-Z]{3,}[a-z]/` tried every start in a run of capitals (quadratic).
 */
const ACRONYM_BEFORE_LONG_WORD = /(?<=[A-Z]{2})[A-Z][a-z]/;

/**
 * The first index from which `words` joined are at most `maxLength` characters. A name's tails
 * compared with a list of terms need start no earlier (a longer tail is none of them): the
 * comparison is then bounded whatever the name's length (issue 34, B4: joining every tail of a
 * name of 10,000 words took a minute).
 */
export function firstTailWithin(words: readonly string[], maxLength: number): number {
  let start = words.length;
  let length = 0;
  while (start > 0 && length + (words[start - 1]?.length ?? 0) <= maxLength) {
    start -= 1;
    length += words[start]?.length ?? 0;
  }
  return start;
}

/** Suggests a camelCase spelling of a name written in another style (`national_id` → `nationalId`). */
export function toCamelCase(name: string): string {
  // Letters beyond ASCII spelt in ASCII first (`beløp` → `belop`, `upphæð` → `upphaed`): split at
  // them, `beløp` became `belP`.
  const words = asciiLetters(name)
    // A lone capital ending a lower-case word before a separator (`teG_REKSTRAR`) is a slip of the
    // shift key, not a word of its own: `tegRekstrar`, never `teGRekstrar`.
    .replace(
      /([a-z])([A-Z])(?=[^A-Za-z0-9])/g,
      (_match, before: string, capital: string) => before + capital.toLowerCase(),
    )
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(ACRONYM_BEFORE_WORD, ' ')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  return words.map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
}

export function toPascalCase(name: string): string {
  const camel = toCamelCase(name);
  return camel.charAt(0).toUpperCase() + camel.slice(1);
}

/**
 * Letters (Icelandic, Nordic, German) that are not an ASCII letter with an accent, spelled as their
 * usual transliteration; a capital as a capital and a small letter (`Þjónusta` → `Thjonusta`, one
 * word), so that a split at case changes sees the same words.
 */
const LETTERS_IN_ASCII: Readonly<Record<string, string>> = {
  þ: 'th',
  Þ: 'Th',
  ð: 'd',
  Ð: 'D',
  đ: 'd',
  Đ: 'D',
  æ: 'ae',
  Æ: 'Ae',
  ø: 'o',
  Ø: 'O',
  ß: 'ss',
};

/**
 * A name's letters in ASCII: accents dropped and the letters with no decomposition spelt out
 * (`upphæð` → `upphaed`; Norwegian and Danish `beløp` → `belop`; German `Straße` → `Strasse`).
 */
export function asciiLetters(value: string): string {
  return /[\u0080-\uffff]/.test(value)
    ? value
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[þÞðÐđĐæÆøØß]/g, (letter) => LETTERS_IN_ASCII[letter] ?? letter)
    : value;
}

/**
 * An enum value in ALL_CAPS, also one that begins with a digit written after an underscore so that
 * it is an identifier in generated code (`_95_1_A`): the underscore is no case fault (issue 37).
 */
export function isAllCapsValue(value: string): boolean {
  return ALL_CAPS.test(/^_[0-9]/.test(value) ? value.slice(1) : value);
}

/** `toAllCaps` for an enum value, keeping a leading underscore before a digit (`_12_3_b` → `_12_3_B`, not `12_3_B`). */
export function toAllCapsValue(value: string): string {
  return /^_[0-9]/.test(value) ? `_${toAllCaps(value.slice(1))}` : toAllCaps(value);
}

/**
 * ALL_CAPS keeping every word and every letter: `Í gildi` → `Í_GILDI`, `høring` → `HØRING` (issue 37,
 * eleventh outside measurement W6: dropping an accent changes the word the value is). Unicode's
 * default upper-casing (`ß` → `SS`), not the machine's locale: a fix must not depend on where it runs.
 */
export function toAllCaps(value: string): string {
  return value
    .normalize('NFC')
    .replace(/([\p{Ll}0-9])(\p{Lu})/gu, '$1_$2')
    .split(/[^\p{L}\p{M}0-9]+/u)
    .filter(Boolean)
    .join('_')
    .toUpperCase();
}

/** A trailing format extension (`calls.json`) is content negotiation by name, not part of the resource name. */
export const PATH_EXTENSION = /\.(json|xml|csv|pdf|txt|html?|yaml|yml|zip|png|jpe?g|php|aspx?|asmx|jsp)$/i;

/** A static path segment spelt as the design guide names paths: lower-case words joined by hyphens, a format extension kept (`UserProfiles` → `user-profiles`, `Calls.json` → `calls.json`). */
export function spellPathSegment(segment: string): string {
  const extension = PATH_EXTENSION.exec(segment)?.[0];
  const base = extension ? segment.slice(0, -extension.length) : segment;
  const dot = base.startsWith('.') ? '.' : '';
  const fixed = `${dot}${toKebabCase(base.slice(dot.length))}${extension ? extension.toLowerCase() : ''}`;
  return fixed === '' || fixed === '.' ? segment.toLowerCase() : fixed;
}

export function toKebabCase(segment: string): string {
  return (
    segment
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      // An acronym before a word is a word of its own: `getAPISpec` → `get-api-spec`.
      .replace(ACRONYM_BEFORE_WORD, '-')
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .join('-')
      .toLowerCase()
  );
}

/**
 * An e-mail address as a catalogue contact gives it: a local part, `@`, and a domain with a
 * dot-separated top-level part (`skra@skra.is`; letters beyond ASCII allowed, as in Icelandic
 * domain names). Deliberately simpler than RFC 5322: no display names (`Skrá <skra@skra.is>`),
 * no `mailto:`, no quoted local parts.
 */
export const EMAIL_ADDRESS =
  /^[\p{L}\p{N}.!#$%&'*+/=?^_`{|}~-]+@[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)*\.\p{L}{2,}$/u;

/** A fully qualified web address: `http:` or `https:`, a host, no spaces (`https://www.skra.is/um-okkur`). */
export function isAbsoluteHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string' || /\s/.test(value) || !/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The fully qualified address a web address written without its scheme stands for
 * (`www.skra.is/um-okkur` or `//www.skra.is` → `https://www.skra.is/...`), or undefined when the
 * text does not look like a host name followed by an optional path.
 */
export function suggestHttpUrl(value: string): string | undefined {
  const text = value.trim().replace(/^\/\//, '');
  if (!/^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*\.\p{L}{2,}(:\d+)?([/?#]\S*)?$/u.test(text) || text.includes('@'))
    return undefined;
  const candidate = `https://${text}`;
  return isAbsoluteHttpUrl(candidate) ? candidate : undefined;
}

/** A path segment that is one template variable, e.g. `{userId}`. */
export const TEMPLATE_SEGMENT = /^\{[^{}]+\}$/;

/**
 * A platform placeholder segment: a sensitive identifier replaced by a dot-name and sent in a
 * header (`/v1/users/.national-id` with `X-Param-National-Id`). `.well-known` is not one.
 */
export function isPlaceholderSegment(segment: string): boolean {
  return /^\.[A-Za-z0-9]+([-_][A-Za-z0-9]+)*$/.test(segment) && segment.toLowerCase() !== '.well-known';
}

/**
 * The path a key of `paths` names, for the rules that read its segments: the key itself, or with
 * the leading `/` a description left out (`api/consentRequests/{guid}`, which platform-openapi-valid
 * reports as such) so its naming is read as the same path's would be. `undefined` for an extension
 * (`x-…`) and for the empty key.
 */
export function namingPath(pathKey: string): string | undefined {
  if (pathKey.startsWith('/')) return pathKey;
  if (pathKey === '' || /^x-/i.test(pathKey)) return undefined;
  return `/${pathKey}`;
}

/** The non-empty segments of a path template (`/v1/users/{id}/` → `v1`, `users`, `{id}`). */
export function pathSegments(pathKey: string): string[] {
  const [template = ''] = pathKey.split('?');
  return template.split('/').filter((segment) => segment !== '');
}

/**
 * True when a path addresses one resource: its last segment is a template variable
 * (`/v1/users/{userId}`, also with a format suffix: `/Calls/{Sid}.json`) or a platform
 * placeholder (`/v1/users/.national-id`).
 */
export function isSingleResourcePath(pathKey: string): boolean {
  const last = pathSegments(pathKey).at(-1);
  return last !== undefined && isIdentifierSegment(last);
}

/** A segment that names one resource: a template variable, also with a format suffix (`{Sid}.json`), or a placeholder (`.national-id`). */
export function isIdentifierSegment(segment: string): boolean {
  return /^\{[^{}]+\}(\.[A-Za-z0-9]+)?$/.test(segment) || isPlaceholderSegment(segment);
}

/**
 * An OAuth 2.0 scope in the platform's form `<organisation>/<resource>:read` or `:write`
 * (`@island.is/user-profile:read`, `@company.is/documents:write`): the organisation (lower-case, usually its
 * domain, optionally prefixed with `@`), one or more lower-case resource segments joined by `/`,
 * and the access.
 */
export const PLATFORM_SCOPE =
  /^@?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(\/[a-z0-9]([a-z0-9-]*[a-z0-9])?)+:(read|write)$/;

/**
 * The lower-case words of a name in any case style, diacritics dropped: `toNationalID` →
 * `to national id`, `X-Param-National-Id` → `x param national id`, `kennitölu` → `kennitolu`.
 */
export function nameWords(name: string): string[] {
  // Memoised: several rules ask for the words of every property name (~30 ms on a large description).
  // The list is shared, so it is frozen: callers read it.
  let words = nameWordsCache.get(name);
  if (words === undefined) {
    const plain = asciiLetters(name);
    words = Object.freeze(
      plain
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .replace(ACRONYM_BEFORE_WORD, ' ')
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((word) => word.toLowerCase()),
    ) as string[];
    if (nameWordsCache.size >= 50_000) nameWordsCache.clear();
    nameWordsCache.set(name, words);
  }
  return words;
}

const nameWordsCache = new Map<string, string[]>();

/**
 * An English "X of Y" name read as its parts: X, what the field is (`date` in `dateOfBirth`,
 * `national id` in `nationalIdOfAccountOwner`), and Y, what it belongs to, articles dropped
 * (`account owner`). Undefined when the name has no `of` between two parts. Shared by the rules
 * that decide by a name's head: money (`periodOfLoan` is no sum), dates, national identifiers.
 */
export function ofPhrase(words: readonly string[]): { head: string[]; complement: string[] } | undefined {
  const at = words.indexOf('of');
  if (at <= 0) return undefined;
  const complement = words.slice(at + 1).filter((word) => !['the', 'a', 'an'].includes(word));
  return complement.length === 0 ? undefined : { head: words.slice(0, at), complement };
}

/**
 * camelCase with acronyms written as words: `CAMEL_CASE` and no run of capitals that is an
 * acronym (`userId`, not `userID`; `logoUrl`, not `logoURL` or `URLSafe`). A one-letter word
 * before another word is fine (`threeDSecure`).
 */
export function isStrictCamelCase(name: string): boolean {
  return CAMEL_CASE.test(name) && !/[A-Z]{2,}(?![a-z])/.test(name) && !ACRONYM_BEFORE_LONG_WORD.test(name);
}

/**
 * PascalCase by the same measure as `isStrictCamelCase`: acronyms written as words, so a type name
 * and a field name are held to one casing rule (`UserDto` and `userId`, not `UserDTO`, `ITEM`, `userID`).
 */
export function isStrictPascalCase(name: string): boolean {
  return PASCAL_CASE.test(name) && !/[A-Z]{2,}(?![a-z])/.test(name) && !ACRONYM_BEFORE_LONG_WORD.test(name);
}

// Media types are read in one place (`./openapi/media-type.ts`); these names are kept for the rules that use them.
export { isJsonMediaType, isProblemJsonMediaType as isProblemMediaType } from './openapi/media-type.js';

/**
 * A schema `pattern` compiled for linear-time matching (patterns come from the document under
 * check, so never a backtracking RegExp: see patterns.ts), or undefined when it does not compile
 * or uses what a linear-time engine cannot run (a lookaround, a backreference).
 */
export function compilePattern(pattern: string): SafePattern | undefined {
  const compiled = compileSafePattern(pattern);
  return compiled.ok ? compiled.regex : undefined;
}

/**
 * True when `pattern` (a JSON Schema pattern: unanchored unless it says so) matches at least one
 * of `accept` and none of `reject`. A way to tell what a pattern means without parsing it.
 */
export function patternSeparates(pattern: string, accept: Iterable<string>, reject: Iterable<string>): boolean {
  const regex = compilePattern(pattern);
  if (!regex) return false;
  let accepts = false;
  for (const sample of accept) {
    if (regex.test(sample)) {
      accepts = true;
      break;
    }
  }
  if (!accepts) return false;
  for (const sample of reject) if (regex.test(sample)) return false;
  return true;
}

/** Characters a kennitala never holds, tried at each of its ten places: every printable ASCII character but the digits, and Icelandic letters. */
const NOT_DIGITS: readonly string[] = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i))
  .filter((c) => !/[0-9]/.test(c))
  // Letters first: the sample a message shows is then a readable one (`010130A989`).
  .sort((a, b) => Number(/[A-Za-z]/.test(b)) - Number(/[A-Za-z]/.test(a)))
  .concat(['Þ', 'á']);

/**
 * A ten-character kennitala with one place that is not a digit, when `pattern` accepts one
 * (`^\d{6}[A-Z0-9]{3}\d{1}$` accepts `010130A989`): a pattern that lets a letter in anywhere does
 * not mean ten digits, however it reads. Undefined when every such sample is refused (or the
 * pattern does not compile).
 */
export function tenWithNonDigit(pattern: string): string | undefined {
  const regex = compilePattern(pattern);
  if (!regex) return undefined;
  const base = '0101302989';
  for (let at = 0; at < base.length; at++)
    for (const other of NOT_DIGITS) {
      const sample = `${base.slice(0, at)}${other}${base.slice(at + 1)}`;
      if (regex.test(sample)) return sample;
    }
  return undefined;
}

/**
 * True when a `pattern` means exactly ten digits (`^[0-9]{10}$`, `^\d{10}$`, `^[0-9]{6}[0-9]{4}$`, ...).
 * Anchors are required: an unanchored `[0-9]{10}` also matches eleven digits or `x0101302989`.
 * No place may admit anything but a digit (`^\d{6}[A-Z0-9]{3}\d{1}$` is not ten digits: `tenWithNonDigit`).
 */
export function isTenDigitPattern(pattern: string): boolean {
  const regex = compilePattern(pattern);
  if (!regex) return false;
  if (tenWithNonDigit(pattern) !== undefined) return false;
  const accept = ['0101302989', '1403552329', '9999999999', '0000000000'];
  const reject = [
    '010130298',
    '01013029890',
    '010130-2989',
    'x0101302989',
    '0101302989x',
    ' 0101302989',
    '0101302989 ',
    'abcdefghij',
    '',
  ];
  return accept.every((sample) => regex.test(sample)) && !reject.some((sample) => regex.test(sample));
}

/**
 * True when a `pattern` is the shape of a date or date-time (`^\d{4}-\d{2}-\d{2}$`, a dotted
 * `dd.MM.yyyy`, an RFC 3339 moment): it accepts one of the written forms of a date and no plain
 * text, number or kennitala (issue 37: a plain string whose pattern says date is a date).
 */
export function isDatePattern(pattern: string): boolean {
  return patternSeparates(
    pattern,
    [
      '2020-01-31',
      '2020-01-31T12:00:00Z',
      '2020-01-31T12:00:00.000Z',
      '2020-01-31T12:00:00',
      '31.01.2020',
      '01/31/2020',
    ],
    ['', 'abc', 'text value', '0101302989', '12345', '1.5', '2020', 'example.com', 'www.example.is', 'abc-def'],
  );
}

/**
 * True when a `pattern` accepts a date in ISO 8601's basic format, digits only (`^[0-9]{8}$`,
 * `^\d{4}\d{2}\d{2}$`: YYYYMMDD), and no letters and no date with separators. Digits alone say
 * nothing of a date, so the rule asks its name or description to say one (issue 37, fifth outside
 * measurement: D1).
 */
export function isBasicDatePattern(pattern: string): boolean {
  const regex = compilePattern(pattern);
  if (!regex) return false;
  return (
    ['20200131', '19830526'].every((sample) => regex.test(sample)) &&
    !['abcdefgh', '2020-01-31', '31.01.2020', ''].some((sample) => regex.test(sample))
  );
}

/**
 * True when a `pattern` is the platform's amount form: the seed's own `^[0-9]+(.[0-9]+)?$` (where
 * the unescaped dot is taken as the decimal point it means), the escaped `^[0-9]+(\.[0-9]+)?$`,
 * their `\d` and `(?:...)` spellings, or any pattern that accepts digits with an optional decimal
 * part and nothing else (signs, commas, exponents, bare dots).
 */
export function isAmountPattern(pattern: string): boolean {
  const normal = pattern.replace(/\(\?:/g, '(').replace(/\\d/g, '[0-9]');
  if (normal === '^[0-9]+(.[0-9]+)?$' || normal === '^[0-9]+(\\.[0-9]+)?$') return true;
  const regex = compilePattern(pattern);
  if (!regex) return false;
  const accept = ['0', '7', '10', '1234567890', '10.5', '10.50', '0.125'];
  const reject = ['-1', '+1', '1,5', '1.', '.5', '1e3', 'abc', '', ' 1', '1 ', '1.2.3', '1,000', '10x50'];
  return accept.every((sample) => regex.test(sample)) && !reject.some((sample) => regex.test(sample));
}

/**
 * The platform form of a date or date-time written another way (`2024-05-02T09:30:00Z` →
 * `2024-05-02T09:30:00.000Z`; a date alone → midnight `Z`; no zone → `Z`, as Icelandic local
 * time is written), or undefined when the text is not recognisably a date.
 */
export function suggestPlatformDateTime(value: string): string | undefined {
  const match =
    /^(\d{4}-\d{2}-\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2}))?(?:[.,](\d+))?)?\s*([Zz]|[+-]\d{2}:?\d{2})?$/.exec(
      value.trim(),
    );
  if (!match) return undefined;
  const [, date, hours = '00', minutes = '00', seconds = '00', fraction = '000', zone] = match;
  let offset = zone ? zone.toUpperCase() : 'Z';
  if (/^[+-]\d{4}$/.test(offset)) offset = `${offset.slice(0, 3)}:${offset.slice(3)}`;
  const suggestion = `${date}T${hours}:${minutes}:${seconds}.${fraction}${offset}`;
  return PLATFORM_DATE_TIME.test(suggestion) ? suggestion : undefined;
}

/** A media type as a `content` key should be: `type/subtype` with optional parameters (`text/plain; charset=utf-8`, `*\/*`). */
export const MEDIA_TYPE = /^[A-Za-z0-9!#$&^_.+*-]+\/[A-Za-z0-9!#$&^_.+*-]+\s*(;.*)?$/;

/**
 * The national identifier vottur's fix hints suggest: valid (check digit), born 1 January 1900,
 * and never masked in reports (src/pii.ts keeps the same value), so a hint can be copied as it is
 * where a masked example (`010130****`) could not.
 */
export const SYNTHETIC_NATIONAL_ID = '0101003059';

const NATIONAL_ID_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;

/**
 * The check digit (ninth digit) of a national identifier from its first eight digits:
 * 11 − (Σ dᵢ·wᵢ mod 11) with weights 3, 2, 7, 6, 5, 4, 3, 2; 11 → 0; undefined when the result is
 * 10 (no valid identifier has those eight digits). Shared by the contract checks and the
 * reference service.
 */
export function nationalIdCheckDigit(firstEight: string): number | undefined {
  if (!/^[0-9]{8}$/.test(firstEight)) return undefined;
  let sum = 0;
  for (const [i, weight] of NATIONAL_ID_WEIGHTS.entries()) sum += Number(firstEight[i]) * weight;
  const digit = 11 - (sum % 11);
  if (digit === 11) return 0;
  if (digit === 10) return undefined;
  return digit;
}

/** Ten digits whose ninth is the right check digit (the date part is not looked at). */
export function hasValidCheckDigit(value: string): boolean {
  return NATIONAL_ID.test(value) && nationalIdCheckDigit(value.slice(0, 8)) === Number(value[8]);
}

/** Levenshtein distance between two short strings (for "did you mean" suggestions). */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j] ?? 0;
      row[j] = Math.min(current + 1, (row[j - 1] ?? 0) + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length] ?? 0;
}

/** The ten-digit form of a value written another way (`010130-2989`, the number `101302989`), if it has one. */
export function nationalIdTenDigits(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) {
    const digits = String(value);
    return digits.length <= 10 && digits.length >= 9 ? digits.padStart(10, '0') : undefined;
  }
  if (typeof value !== 'string') return undefined;
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{10}$/.test(digits) ? digits : undefined;
}

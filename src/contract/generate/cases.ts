/**
 * The coverage phase's values: for one schema, a valid value, the values at each of its
 * boundaries (which the server must accept), and values just past each boundary (which it must
 * refuse), each labelled with the constraint it tests. Deterministic: the same schema always
 * gives the same cases, so a coverage run can be repeated and compared.
 */
import { itemsUnsampled, lengthUnsampled, unsampledReason } from './pattern-bounds.js';
import { multipleNear, numberRange } from './number-range.js';
import { carriedPattern } from './alphabet.js';
import fc from 'fast-check';
import { hasValidCheckDigit } from '../../../rulesets/lib/conventions.js';
import { notFoundNationalId, NOT_FOUND_UUID } from '../conventions.js';
import { safeMatches, type FlatSchema } from './schema.js';
import { fitLength, hasNonAscii, lookAlikes, UNICODE_SAMPLES } from './unicode.js';
import { validArbitrary } from './arbitraries.js';

export interface ValueCase {
  value: unknown;
  /** True: the schema accepts the value, so the server must; false: it breaks exactly `constraint`. */
  valid: boolean;
  /** What the value tests, in words: `maxLength 10`, `maxLength 10 exceeded`, `enum value FIRST_PARTY`. */
  constraint: string;
}

/** A boundary longer than this is not written out (a `maxLength: 2147483647` is no boundary to test). */
const MAX_GENERATED_LENGTH = 4096;
const FORMAT_VALUES: Record<string, string> = {
  'date-time': '2024-05-02T09:30:00.000Z',
  date: '2024-05-02',
  time: '09:30:00Z',
  uuid: NOT_FOUND_UUID,
  email: 'vottur@example.is',
  uri: 'https://example.is/',
  url: 'https://example.is/',
  hostname: 'example.is',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
};
const INVALID_FORMAT_VALUES: Record<string, string> = {
  'date-time': '2024-13-45T25:61:00',
  date: '2024-13-45',
  time: '25:61',
  uuid: 'not-a-uuid',
  email: 'not-an-email',
  uri: 'not a uri',
  url: 'not a url',
  ipv4: '999.1.1.1',
  ipv6: 'not-an-ipv6',
};

/** A national identifier of the right form that nobody has (born 1905), valid check digit. */
const SYNTHETIC_NATIONAL_ID = notFoundNationalId();

/** Strings that match a pattern, in a stable order (fast-check with a fixed seed). */
export function patternSamples(pattern: string, count: number, alphabet?: string): string[] {
  // Beyond the generation bounds: no samples (contract-pattern-unsampled says so), never an out-of-memory.
  if (unsampledReason(pattern) !== undefined) return [];
  // Over the location's alphabet where the pattern has values there (alphabet.ts), else as written.
  const drawn = alphabet === undefined ? pattern : (carriedPattern(pattern, alphabet) ?? pattern);
  let regex: RegExp;
  try {
    regex = new RegExp(drawn, 'u');
  } catch {
    // Not a valid JavaScript pattern: no samples from it.
    return [];
  }
  try {
    return fc.sample(fc.stringMatching(regex), { seed: 42, numRuns: count });
  } catch {
    // A pattern fast-check cannot sample: no samples from it.
    return [];
  }
}

function fitsLength(schema: FlatSchema, value: string): boolean {
  const length = [...value].length;
  return (
    (schema.minLength === undefined || length >= schema.minLength) &&
    (schema.maxLength === undefined || length <= schema.maxLength)
  );
}

/** A string the schema accepts, of the given length when one is asked for (undefined when none could be made). */
function stringOf(schema: FlatSchema, length?: number): string | undefined {
  const fits = (value: string) => (length === undefined ? fitsLength(schema, value) : [...value].length === length);
  const { pattern } = schema;
  if (pattern !== undefined) {
    const samples = patternSamples(pattern, 200, schema.alphabet).filter(
      (value) => fits(value) && safeMatches(pattern, value) !== false,
    );
    return samples.sort((a, b) => a.length - b.length)[0];
  }
  const formatValue = schema.format ? FORMAT_VALUES[schema.format] : undefined;
  if (formatValue !== undefined) return fits(formatValue) ? formatValue : undefined;
  const wanted = length ?? Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 8, 8), 1);
  if (wanted > MAX_GENERATED_LENGTH) return undefined;
  return 'a'.repeat(wanted);
}

function numberOf(schema: FlatSchema, integer: boolean): number {
  const range = numberRange(schema, integer);
  // No number satisfies the schema (contract-generation-limit says so): its lower bound, as any.
  if (range === undefined) return schema.minimum ?? schema.maximum ?? 1;
  const { lowest, highest } = range;
  if (schema.minimum !== undefined) return lowest;
  const value = Math.min(highest, 1);
  const multiple = schema.multipleOf;
  if (!multiple) return integer ? Math.floor(value) : value;
  const up = multipleNear(value, multiple, 'up');
  const rounded = up > highest ? multipleNear(value, multiple, 'down') : up;
  return Number.isFinite(rounded) && rounded >= lowest ? rounded : lowest;
}

/** How deep (`items`, `properties`, branches) the coverage phase's valid values go; deeper is a contract-generation-limit finding. */
export const MAX_VALUE_DEPTH = 6;

/** A value the schema accepts: its `const`, example, default or first enum value, else one made from its constraints. */
export function validValue(
  schema: FlatSchema,
  depth = 0,
  /** How many copies of the value the whole holds (the minItems of the arrays around it, multiplied). */
  scale = 1,
): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.nationalId) return SYNTHETIC_NATIONAL_ID;
  const [branch] = schema.branches ?? [];
  if (branch !== undefined) return validValue(branch, depth + 1, scale);
  const type = schema.types.find((t) => t !== 'null') ?? (schema.nullable ? 'null' : 'string');
  // What a copy of one item or the required properties alone cannot be: the fuzz phase's generator, seeded.
  if (depth <= MAX_VALUE_DEPTH && needsDraw(schema, type)) return drawnValue(schema, depth, scale);
  switch (type) {
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      // A minItems beyond the generation bounds is left out (contract-generation-limit says so).
      const count = itemsUnsampled(schema.minItems, scale) ? 1 : Math.max(schema.minItems ?? 0, 1);
      const items = schema.items;
      if (depth > MAX_VALUE_DEPTH || !items) return [];
      const item = validValue(items, depth + 1, scale * count);
      return Array.from({ length: count }, () => item);
    }
    case 'object': {
      const object: Record<string, unknown> = {};
      if (depth > MAX_VALUE_DEPTH) return object;
      for (const key of schema.required) {
        const property = schema.properties.get(key);
        object[key] = property !== undefined ? validValue(property, depth + 1, scale) : 'a';
      }
      return object;
    }
    default: {
      // Strings inside arrays: their minLength counts once per copy (contract-generation-limit says when it is left out).
      const { minLength: _left, ...unbounded } = schema;
      const fitted = scale > 1 && lengthUnsampled(schema.minLength, scale) ? unbounded : schema;
      // Longer than a boundary value is written out (4,096 characters): the fuzz phase's generator makes it.
      const written = stringOf(fitted);
      if (written !== undefined) return written;
      // No string of these lengths at all (contract-generation-limit says so): none is drawn.
      if (schema.maxLength !== undefined && (fitted === schema ? (schema.minLength ?? 0) : 0) > schema.maxLength)
        return 'a';
      const drawn = drawnValue(fitted, depth, scale);
      return typeof drawn === 'string' ? drawn : 'a';
    }
  }
}

/** True for an array or object schema whose valid values a plain copy or the required properties cannot make. */
function needsDraw(schema: FlatSchema, type: string): boolean {
  if (type === 'array') return schema.uniqueItems === true || schema.contains !== undefined;
  if (type === 'object')
    return (
      (schema.minProperties ?? 0) > schema.required.length ||
      (schema.maxProperties !== undefined && schema.maxProperties < schema.required.length)
    );
  return false;
}

/** One value of the fuzz phase's generator for the schema, seeded: the same schema, the same value. */
function drawnValue(schema: FlatSchema, depth: number, scale: number): unknown {
  const [value] = fc.sample(validArbitrary(schema, depth, undefined, scale), { seed: 42, numRuns: 1 });
  return value;
}

/** `count` items of an array schema: copies of one item, or drawn when they must differ or include `contains`. */
function itemsOf(schema: FlatSchema, count: number, item: unknown): unknown[] {
  if (!needsDraw(schema, 'array')) return Array.from({ length: count }, () => item);
  const drawn = drawnValue({ ...schema, minItems: count, maxItems: count }, 0, 1);
  return Array.isArray(drawn) ? drawn : [];
}

/**
 * The cases one schema has at most, its members' included (issue 34, o34r12 B4): a schema with 8
 * required properties at every level has a case per member of a member, each a copy of the whole
 * value, and the coverage phase ran past 60 s. The coverage phase sends the first 16 of an input
 * and the fuzz phase draws its invalid values from them; an ordinary schema has far fewer.
 */
export const MAX_COVERAGE_CASES = 256;

/** The boundary and past-the-boundary cases of one schema, the valid value first (at most `MAX_COVERAGE_CASES`). */
export function coverageCases(schema: FlatSchema, limit = MAX_COVERAGE_CASES): ValueCase[] {
  const cases: ValueCase[] = [{ value: validValue(schema), valid: true, constraint: 'a valid value' }];
  // Each case's text once: a new case is compared with the others in one lookup.
  const known = new Set([`true\u0000${JSON.stringify(cases[0]?.value)}`]);
  const add = (value: unknown, valid: boolean, constraint: string) => {
    if (value === undefined || cases.length >= limit) return;
    const key = `${String(valid)}\u0000${JSON.stringify(value)}`;
    if (known.has(key)) return;
    known.add(key);
    cases.push({ value, valid, constraint });
  };
  const type = schema.types.find((t) => t !== 'null');

  const values = schema.enum;
  if (values && values.length > 0) {
    const outside = ['NOT_AN_ENUM_VALUE', 'not-an-enum-value', 'x'].find((candidate) => !values.includes(candidate));
    // The values named in words up to ten (an enum of 300,000 would make a text of megabytes).
    const shown = values.slice(0, 10).map((value) => JSON.stringify(value));
    const invalid: Array<[unknown, string]> = [
      [
        outside,
        `not one of the enum values ${shown.join(', ')}${values.length > shown.length ? `, … (${values.length.toLocaleString('en')} in all)` : ''}`,
      ],
    ];
    // Text beyond ASCII that is none of them (an enum of strings only).
    if (values.every((value) => typeof value === 'string') && !values.includes(NON_ASCII_ENUM_VALUE))
      invalid.push([NON_ASCII_ENUM_VALUE, `not one of the enum values (Icelandic letters)`]);
    // The cases outside the enum keep their room: an enum of more values than the limit fills it.
    for (const value of values) {
      if (cases.length >= limit - invalid.length) break;
      add(value, true, `enum value ${JSON.stringify(value)}`);
    }
    for (const [value, constraint] of invalid) add(value, false, constraint);
    return cases;
  }
  if (schema.nationalId) {
    add(SYNTHETIC_NATIONAL_ID, true, 'a national identifier of the right form');
    add(`${SYNTHETIC_NATIONAL_ID}0`, false, 'a national identifier of 11 digits');
    add(SYNTHETIC_NATIONAL_ID.slice(0, 9), false, 'a national identifier of 9 digits');
    add(
      `${SYNTHETIC_NATIONAL_ID.slice(0, 6)}-${SYNTHETIC_NATIONAL_ID.slice(6)}`,
      false,
      'a national identifier written ######-####',
    );
    const badDigit = `${SYNTHETIC_NATIONAL_ID.slice(0, 8)}${(Number(SYNTHETIC_NATIONAL_ID[8]) + 1) % 10}${SYNTHETIC_NATIONAL_ID[9]}`;
    if (!hasValidCheckDigit(badDigit)) add(badDigit, false, 'a national identifier with a wrong check digit');
    for (const alike of lookAlikes(SYNTHETIC_NATIONAL_ID))
      add(alike.value, false, `a national identifier in ${alike.what}`);
    return cases;
  }
  switch (type) {
    case 'integer':
    case 'number': {
      const integer = type === 'integer';
      const step = integer ? 1 : 0.5;
      const range = numberRange(schema, integer);
      // A value past a bound only where floating point can write one (1e300 - 0.5 is 1e300).
      const past = (value: number, bound: number, below: boolean) =>
        Number.isFinite(value) && (below ? value < bound : value > bound) ? value : undefined;
      if (schema.minimum !== undefined) {
        const what = schema.exclusiveMinimum ? 'exclusiveMinimum' : 'minimum';
        if (range !== undefined) add(range.lowest, true, `${what} ${schema.minimum}`);
        add(
          schema.exclusiveMinimum ? schema.minimum : past(schema.minimum - step, schema.minimum, true),
          false,
          `below the ${what} ${schema.minimum}`,
        );
      }
      if (schema.maximum !== undefined) {
        const what = schema.exclusiveMaximum ? 'exclusiveMaximum' : 'maximum';
        if (range !== undefined) add(range.highest, true, `${what} ${schema.maximum}`);
        add(
          schema.exclusiveMaximum ? schema.maximum : past(schema.maximum + step, schema.maximum, false),
          false,
          `above the ${what} ${schema.maximum}`,
        );
      }
      if (integer) {
        const fraction = numberOf(schema, true) + 0.5;
        if (!Number.isInteger(fraction)) add(fraction, false, 'not an integer');
      }
      add('not-a-number', false, `not a${integer ? 'n integer' : ' number'}`);
      return cases;
    }
    case 'boolean':
      add(false, true, 'false');
      add('maybe', false, 'not a boolean');
      return cases;
    case 'array': {
      if (schema.items) {
        // Beyond the generation bounds (contract-generation-limit says so): no array of minItems items is made.
        const minItems = itemsUnsampled(schema.minItems) ? undefined : schema.minItems;
        const item = validValue(schema.items, 0, Math.max(1, minItems ?? 1, Math.min(schema.maxItems ?? 0, 64)));
        if (minItems !== undefined && minItems > 0) {
          add(itemsOf(schema, minItems, item), true, `minItems ${schema.minItems}`);
          add(
            schema.impliedNonEmpty ? undefined : itemsOf(schema, minItems, item).slice(0, minItems - 1),
            false,
            `fewer than minItems ${schema.minItems}`,
          );
        }
        if (schema.maxItems !== undefined && schema.maxItems < 64) {
          add(itemsOf(schema, schema.maxItems, item), true, `maxItems ${schema.maxItems}`);
          add(
            Array.from({ length: schema.maxItems + 1 }, () => item),
            false,
            `more than maxItems ${schema.maxItems}`,
          );
        }
      }
      return cases;
    }
    case 'object': {
      const valid = spread(validValue(schema));
      for (const key of schema.required) {
        const { [key]: _left, ...rest } = valid;
        add(rest, false, `required property ${key} missing`);
      }
      if (!schema.additionalProperties)
        add({ ...valid, notDescribedProperty: 'x' }, false, 'a property the schema does not allow');
      for (const [key, property] of schema.properties) {
        if (cases.length >= limit) break;
        // A member's cases past what this schema still has room for are never used: not made.
        for (const nested of coverageCases(property, limit - cases.length + 1)) {
          if (nested.constraint === 'a valid value') continue;
          const object = withProperty(schema, valid, key, nested.value);
          // A property the object has no room for (maxProperties) is no valid case of it.
          const fits = schema.maxProperties === undefined || Object.keys(object).length <= schema.maxProperties;
          add(fits || !nested.valid ? object : undefined, nested.valid, `${key}: ${nested.constraint}`);
        }
      }
      return cases;
    }
    case 'string':
    case undefined: {
      if (lengthUnsampled(schema.minLength)) {
        // Beyond the generation bounds (contract-generation-limit says so): no value of that length
        // is made; any short one is still shorter.
        if (schema.pattern === undefined) add('a', false, `shorter than minLength ${schema.minLength ?? 0}`);
      } else if (schema.minLength !== undefined && schema.minLength > 0) {
        add(stringOf(schema, schema.minLength), true, `minLength ${schema.minLength}`);
        add(
          schema.pattern === undefined && !schema.impliedNonEmpty ? 'a'.repeat(schema.minLength - 1) : undefined,
          false,
          `shorter than minLength ${schema.minLength}`,
        );
      }
      if (schema.maxLength !== undefined && schema.maxLength < MAX_GENERATED_LENGTH) {
        add(stringOf(schema, schema.maxLength), true, `maxLength ${schema.maxLength}`);
        add('a'.repeat(schema.maxLength + 1), false, `longer than maxLength ${schema.maxLength}`);
      }
      const { pattern } = schema;
      if (pattern !== undefined) {
        const candidates = ['', '!', ' ', 'not matching the pattern', '0', 'a'];
        const miss = candidates.find(
          (candidate) => fitsLength(schema, candidate) && safeMatches(pattern, candidate) === false,
        );
        add(miss, false, `not matching the pattern ${pattern}`);
      }
      if (schema.format && INVALID_FORMAT_VALUES[schema.format] !== undefined)
        add(INVALID_FORMAT_VALUES[schema.format], false, `not a valid ${schema.format}`);
      for (const unicode of unicodeCases(schema)) add(unicode.value, unicode.valid, unicode.constraint);
      return cases;
    }
    default:
      return cases;
  }
}

/** The enum value no enum has: text beyond ASCII. */
const NON_ASCII_ENUM_VALUE = 'ÞRIÐJI_AÐILI';

/** Formats whose values are ASCII by definition (their internationalised forms are idn-email, iri, idn-hostname). */
const ASCII_FORMATS = new Set(['date-time', 'date', 'time', 'uuid', 'email', 'uri', 'url', 'hostname', 'ipv4', 'ipv6']);

/**
 * Values of a string schema beyond ASCII, so that every string input gets some: the Unicode
 * samples where the schema allows any text, the samples a `pattern` still allows, and look-alikes
 * of a matching value (Arabic-Indic or full-width digits, Cyrillic letters) that a pattern or an
 * ASCII format must refuse.
 */
function unicodeCases(schema: FlatSchema): ValueCase[] {
  const cases: ValueCase[] = [];
  const { pattern, format } = schema;
  const fitted = (text: string) => fitLength(text, schema.minLength ?? 0, schema.maxLength);
  if (pattern === undefined && (format === undefined || !ASCII_FORMATS.has(format))) {
    for (const sample of UNICODE_SAMPLES) {
      const value = fitted(sample.text);
      if (value !== undefined && hasNonAscii(value)) cases.push({ value, valid: true, constraint: sample.what });
    }
    return cases;
  }
  if (pattern !== undefined) {
    for (const sample of UNICODE_SAMPLES) {
      const value = fitted(sample.text);
      if (value !== undefined && hasNonAscii(value) && safeMatches(pattern, value) === true)
        cases.push({ value, valid: true, constraint: `${sample.what} the pattern allows` });
    }
  }
  const base = pattern !== undefined ? stringOf(schema) : format !== undefined ? FORMAT_VALUES[format] : undefined;
  if (base === undefined) return cases;
  for (const alike of lookAlikes(base)) {
    if (!fitsLength(schema, alike.value)) continue;
    if (pattern !== undefined) {
      if (safeMatches(pattern, alike.value) === false)
        cases.push({
          value: alike.value,
          valid: false,
          constraint: `not matching the pattern ${pattern} (${alike.what})`,
        });
    } else {
      cases.push({ value: alike.value, valid: false, constraint: `not a valid ${format} (${alike.what})` });
    }
  }
  // A pattern whose shortest match has nothing to look alike ('_'): Icelandic letters it refuses.
  if (pattern !== undefined && !cases.some((c) => !c.valid)) {
    const value = fitted(UNICODE_SAMPLES[0].text);
    if (value !== undefined && safeMatches(pattern, value) === false)
      cases.push({
        value,
        valid: false,
        constraint: `not matching the pattern ${pattern} (${UNICODE_SAMPLES[0].what})`,
      });
  }
  return cases;
}

/** The object with `key` set to `value`, optional properties left out while it has more than `maxProperties`. */
function withProperty(
  schema: FlatSchema,
  valid: Record<string, unknown>,
  key: string,
  value: unknown,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...valid, [key]: value };
  const most = schema.maxProperties;
  if (most === undefined) return out;
  for (const other of Object.keys(out))
    if (Object.keys(out).length > most && other !== key && !schema.required.includes(other)) delete out[other];
  return out;
}

/**
 * A value as object spread reads it: the members of an object (an array's by index), a string's
 * characters by index, nothing of any other value. (An object schema's example may be any value.)
 */
function spread(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') return { ...value.split('') };
  return typeof value === 'object' && value !== null ? { ...value } : {};
}

/**
 * The fuzz phase's values: fast-check arbitraries made from a schema. `validArbitrary` generates
 * values the schema accepts (the server must accept them too); `invalid.ts` has the values that
 * break one of its constraints. fast-check does the generating, the seeding and the shrinking of a
 * failing case to the smallest one that still fails.
 */
import { carriedPattern } from './alphabet.js';
import { itemsUnsampled, lengthUnsampled, unsampledReason } from './pattern-bounds.js';
import fc, { type Arbitrary } from 'fast-check';
import { boundedFilter, oneOfArbitraries, pickFrom } from './bounded.js';
import { hasValidCheckDigit, nationalIdCheckDigit } from '../../../rulesets/lib/conventions.js';
import { safeMatches, type FlatSchema } from './schema.js';
import type { Dictionary } from './dictionary.js';
import { unicodeString } from './unicode.js';
import { isMultiple, multipleNear, numberRange, type NumberRange } from './number-range.js';

/** How deep (`items`, `properties`, branches) the fuzz phase's values go; deeper is a contract-generation-limit finding. */
export const MAX_FUZZ_DEPTH = 5;
const MAX_DEPTH = MAX_FUZZ_DEPTH;
/** Strings and arrays are kept short: the point is their content and their boundaries, not their bulk. */
const DEFAULT_MAX_LENGTH = 24;
const DEFAULT_MAX_ITEMS = 4;

/** A valid national identifier: a real date (1900–2099), two digits, the check digit, the century digit. */
export const nationalIdArbitrary: Arbitrary<string> = fc
  .record({
    date: fc.date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true }),
    sequence: fc.integer({ min: 20, max: 99 }),
  })
  .map(({ date, sequence }) => {
    const firstEight = `${String(date.getUTCDate()).padStart(2, '0')}${String(date.getUTCMonth() + 1).padStart(2, '0')}${String(date.getUTCFullYear() % 100).padStart(2, '0')}${sequence}`;
    const digit = nationalIdCheckDigit(firstEight);
    return digit === undefined ? undefined : `${firstEight}${digit}${Math.floor(date.getUTCFullYear() / 100) % 10}`;
  })
  .filter((value): value is string => value !== undefined);

/**
 * A string of the dictionary (what the description and the answers so far contain) that the
 * schema accepts; read when drawn, so strings an answer showed are drawn from then on.
 */
function dictionaryString(
  dictionary: Dictionary,
  accepts: (value: string) => boolean,
  otherwise: Arbitrary<string>,
): Arbitrary<string> {
  // A dictionary with nothing the schema accepts gives the generated strings instead: a filter
  // that never passes would loop for ever (fast-check retries it synchronously).
  // Unbiased: fast-check leans towards small numbers, which would favour the words met first (the
  // description's) over those answers showed later.
  return fc.noBias(fc.nat()).chain((n) => {
    const { strings } = dictionary;
    // The first one that fits, from a drawn start: a dictionary of mostly misfits still gives one.
    for (let i = 0; i < Math.min(strings.length, 64); i++) {
      const value = strings[(n + i) % strings.length];
      if (value !== undefined && accepts(value)) return fc.constant(value);
    }
    return otherwise;
  });
}

/** Whether a string meets a schema's string constraints: its lengths and its pattern. */
export function stringFits(schema: FlatSchema, value: string): boolean {
  const length = [...value].length;
  return (
    length >= (schema.minLength ?? 0) &&
    (schema.maxLength === undefined || length <= schema.maxLength) &&
    (schema.pattern === undefined || safeMatches(schema.pattern, value) === true)
  );
}

/** The generated strings, and a share of them from the dictionary. */
function stringArbitrary(schema: FlatSchema, dictionary?: Dictionary): Arbitrary<string> {
  const generated = generatedString(schema);
  if (!dictionary || schema.format !== undefined) return generated;
  const fits = (value: string) => stringFits(schema, value);
  return fc.oneof(
    { arbitrary: generated, weight: 2 },
    { arbitrary: dictionaryString(dictionary, fits, generated), weight: 1 },
  );
}

function generatedString(schema: FlatSchema): Arbitrary<string> {
  // A minLength beyond the generation bounds is left out like an unsampled pattern (contract-generation-limit says so).
  const minLength = lengthUnsampled(schema.minLength) ? 0 : (schema.minLength ?? 0);
  const maxLength = Math.max(
    minLength,
    Math.min(schema.maxLength ?? DEFAULT_MAX_LENGTH, minLength + DEFAULT_MAX_LENGTH),
  );
  const fits = (value: string) => {
    const length = [...value].length;
    return length >= minLength && (schema.maxLength === undefined || length <= schema.maxLength);
  };
  // No string of these lengths at all (contract-generation-limit says so): no draws of one.
  if (schema.maxLength !== undefined && minLength > schema.maxLength) return fc.constant('a');
  const { pattern } = schema;
  // A pattern beyond the generation bounds is left out like one JavaScript cannot read (contract-pattern-unsampled says so).
  if (pattern !== undefined && unsampledReason(pattern) === undefined) {
    try {
      // Over the location's alphabet where the pattern has values there (alphabet.ts).
      const drawn = schema.alphabet === undefined ? pattern : (carriedPattern(pattern, schema.alphabet) ?? pattern);
      const regex = new RegExp(drawn, 'u');
      return boundedFilter(fc.stringMatching(regex), (value) => fits(value) && safeMatches(pattern, value) !== false);
    } catch {
      // A pattern JavaScript cannot read: fall back to the other constraints.
    }
  }
  switch (schema.format) {
    case 'date-time':
      // Without the milliseconds where a maxLength leaves no room for them (`2024-05-02T09:30:00Z`).
      return fc
        .date({ min: new Date(Date.UTC(1970, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true })
        .map((date) =>
          schema.maxLength !== undefined && schema.maxLength < 24
            ? `${date.toISOString().slice(0, 19)}Z`
            : date.toISOString(),
        );
    case 'time':
      return fc
        .date({
          min: new Date(Date.UTC(1970, 0, 1)),
          max: new Date(Date.UTC(1970, 0, 1, 23, 59, 59)),
          noInvalidDate: true,
        })
        .map((date) => `${date.toISOString().slice(11, 19)}Z`);
    case 'duration':
      return fc
        .tuple(fc.nat(400), fc.nat(23), fc.nat(59))
        .map(([days, hours, minutes]) => `P${days}DT${hours}H${minutes}M`);
    case 'byte':
      return fc.uint8Array({ maxLength: 12 }).map((bytes) => Buffer.from(bytes).toString('base64'));
    case 'hostname':
      return boundedFilter(fc.domain(), fits);
    case 'json-pointer':
      return fc
        .array(fc.stringMatching(/^[a-z0-9]{1,8}$/), { maxLength: 4 })
        .map((segments) => segments.map((segment) => `/${segment}`).join(''));
    case 'uri-template':
      return fc
        .tuple(fc.stringMatching(/^[a-z]{1,8}$/), fc.stringMatching(/^[a-z]{1,8}$/))
        .map(([segment, name]) => `/${segment}/{${name}}`);
    case 'date':
      return fc
        .date({ min: new Date(Date.UTC(1970, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case 'uuid':
      return fc.uuid();
    case 'email':
      return boundedFilter(fc.emailAddress(), fits);
    case 'uri':
    case 'url':
      return boundedFilter(fc.webUrl(), fits);
    case 'ipv4':
      return fc.ipV4();
    case 'ipv6':
      return fc.ipV6();
    default:
      return boundedFilter(unicodeString(minLength, maxLength), fits);
  }
}

/**
 * Numbers the schema accepts, a share of them at and next to its bounds (and near zero, where
 * narrow valid ranges of an unbounded parameter usually lie): drawn from the whole range alone, a
 * value at `minimum` or just inside it is rarely met. The range is always the schema's own
 * (number-range.ts); a schema no number satisfies gets its lower bound (contract-generation-limit
 * says no value satisfies it), never an exception from fast-check.
 */
function numberArbitrary(schema: FlatSchema, integer: boolean): Arbitrary<number> {
  const range = numberRange(schema, integer);
  if (range === undefined) return fc.constant(schema.minimum ?? schema.maximum ?? 0);
  const { lowest, highest } = range;
  const multiple = schema.multipleOf;
  const accepts = (value: number) => value >= lowest && value <= highest && (!multiple || isMultiple(value, multiple));
  const near = [lowest, lowest + 1, highest - 1, highest, 0, 1, -1, 2, 10, 100].filter(accepts);
  const choices: Array<{ arbitrary: Arbitrary<number>; weight: number }> = [
    { arbitrary: spreadNumber(range, integer, multiple), weight: 2 },
  ];
  if (near.length > 0) choices.push({ arbitrary: fc.constantFrom(...near), weight: 1 });
  const smallLow = Math.max(-100, Math.ceil(lowest));
  const smallHigh = Math.min(100, Math.floor(highest));
  if (smallLow <= smallHigh)
    choices.push({ arbitrary: boundedFilter(fc.integer({ min: smallLow, max: smallHigh }), accepts), weight: 1 });
  return fc.oneof(...choices);
}

/**
 * Numbers across the range. Integers beyond what fast-check draws exactly (2⁵³) are drawn in the
 * part of the range that lies within it, or are the range's ends.
 */
function spreadNumber({ lowest, highest }: NumberRange, integer: boolean, multiple?: number): Arbitrary<number> {
  let arbitrary: Arbitrary<number>;
  if (!integer) arbitrary = fc.double({ min: lowest, max: highest, noNaN: true, noDefaultInfinity: true });
  else {
    const low = Math.max(lowest, Number.MIN_SAFE_INTEGER);
    const high = Math.min(highest, Number.MAX_SAFE_INTEGER);
    arbitrary =
      low <= high
        ? fc.oneof({ arbitrary: fc.integer({ min: low, max: high }), weight: 4 }, fc.constantFrom(lowest, highest))
        : fc.constantFrom(lowest, highest);
  }
  if (multiple) {
    arbitrary = boundedFilter(
      arbitrary.map((value) => multipleNear(value, multiple, 'nearest')),
      (value) => Number.isFinite(value) && value >= lowest && value <= highest,
      fc.constant(lowest),
    );
  }
  return arbitrary;
}

/** Values the schema accepts; strings partly from the dictionary, when one is given. */
export function validArbitrary(
  schema: FlatSchema,
  depth = 0,
  dictionary?: Dictionary,
  /** How many copies of the value the whole holds (the minItems of the arrays around it, multiplied). */
  scale = 1,
): Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return pickFrom(schema.enum);
  if (schema.nationalId) return nationalIdArbitrary;
  if (schema.branches && schema.branches.length > 0 && depth < MAX_DEPTH)
    return oneOfArbitraries(schema.branches.map((branch) => validArbitrary(branch, depth + 1, dictionary, scale)));
  const types = schema.types.filter((type) => type !== 'null');
  // `type: 'null'` alone: its one value.
  const type = types[0] ?? (schema.types.includes('null') ? 'null' : 'string');
  let arbitrary: Arbitrary<unknown>;
  switch (type) {
    case 'integer':
      arbitrary = numberArbitrary(schema, true);
      break;
    case 'number':
      arbitrary = numberArbitrary(schema, false);
      break;
    case 'boolean':
      arbitrary = fc.boolean();
      break;
    case 'null':
      return fc.constant(null);
    case 'array': {
      // A minItems beyond the generation bounds is left out (contract-generation-limit says so).
      const minLength = itemsUnsampled(schema.minItems, scale) ? 0 : (schema.minItems ?? 0);
      const item =
        schema.items && depth < MAX_DEPTH
          ? validArbitrary(schema.items, depth + 1, dictionary, scale * Math.max(1, minLength))
          : fc.constant('a');
      const maxLength = Math.max(
        minLength,
        Math.min(schema.maxItems ?? DEFAULT_MAX_ITEMS, minLength + DEFAULT_MAX_ITEMS),
      );
      arbitrary = arrayArbitrary(schema, item, minLength, maxLength, depth, dictionary, scale);
      break;
    }
    case 'object': {
      // No prototype: a property named `__proto__` is one of its keys, not its prototype.
      const shape = Object.create(null) as Record<string, Arbitrary<unknown>>;
      if (depth < MAX_DEPTH)
        for (const [key, property] of schema.properties)
          shape[key] = validArbitrary(property, depth + 1, dictionary, scale);
      for (const key of schema.required) shape[key] ??= fc.constant('a');
      const requiredKeys = schema.required.filter((key) => key in shape);
      arbitrary =
        schema.minProperties === undefined && schema.maxProperties === undefined
          ? fc.record(shape, { requiredKeys, noNullPrototype: true })
          : sizedObject(schema, shape, requiredKeys, depth, dictionary, scale);
      break;
    }
    default: {
      // Strings inside arrays: their minLength counts once per copy (contract-generation-limit says when it is left out).
      const { minLength: _left, ...unbounded } = schema;
      arbitrary = stringArbitrary(
        scale > 1 && lengthUnsampled(schema.minLength, scale) ? unbounded : schema,
        dictionary,
      );
    }
  }
  return schema.nullable ? fc.option(arbitrary, { nil: null, freq: 8 }) : arbitrary;
}

/**
 * Distinct values, `min` to `max` of them. fast-check's `uniqueArray` with a `minLength` filters
 * its arrays unboundedly (three distinct booleans hung it): here the filter gives up (bounded.ts),
 * and a too-short array is what ajv then refuses.
 */
function uniqueList<T>(of: Arbitrary<T>, min: number, max: number, selector: (value: T) => unknown): Arbitrary<T[]> {
  return boundedFilter(fc.uniqueArray(of, { maxLength: max, selector }), (list) => list.length >= min);
}

/** JSON text as the selector of distinct items (`uniqueItems`: ajv compares items by value). */
const byValue = (value: unknown): string => JSON.stringify(value) ?? 'undefined';

/**
 * An array of the schema: distinct items under `uniqueItems`, and under `contains` between
 * `minContains` (1 unless told) and `maxContains` items of it put first. What these cannot make
 * (three distinct booleans) ajv refuses, and the phase reports (verify.ts).
 */
function arrayArbitrary(
  schema: FlatSchema,
  item: Arbitrary<unknown>,
  minLength: number,
  maxLength: number,
  depth: number,
  dictionary: Dictionary | undefined,
  scale: number,
): Arbitrary<unknown[]> {
  const list = (min: number, max: number, of: Arbitrary<unknown>): Arbitrary<unknown[]> =>
    schema.uniqueItems ? uniqueList(of, min, max, byValue) : fc.array(of, { minLength: min, maxLength: max });
  if (!schema.contains || depth >= MAX_DEPTH) return list(minLength, maxLength, item);
  const fewest = Math.min(schema.minContains ?? 1, DEFAULT_MAX_ITEMS);
  const most = Math.max(fewest, Math.min(schema.maxContains ?? fewest + 1, fewest + 2));
  const contained = list(fewest, most, validArbitrary(schema.contains, depth + 1, dictionary, scale));
  const rest = list(Math.max(0, minLength - fewest), Math.max(0, maxLength - fewest), item);
  return fc.tuple(contained, rest).map(([some, others]) => {
    const all = [...some, ...others];
    const kept = schema.uniqueItems
      ? all.filter((value, i) => all.findIndex((v) => byValue(v) === byValue(value)) === i)
      : all;
    return schema.maxItems === undefined ? kept : kept.slice(0, schema.maxItems);
  });
}

/** More properties than this are not added for `minProperties` (ajv says when it is not met). */
const MAX_ADDED_PROPERTIES = 64;

/**
 * An object of the schema whose number of properties keeps to `minProperties`/`maxProperties`:
 * optional properties are added first, then additional ones (named after `patternProperties` or
 * `propertyNames` when the schema says how, valued by their schema), and optional ones left out
 * past `maxProperties`.
 */
function sizedObject(
  schema: FlatSchema,
  shape: Record<string, Arbitrary<unknown>>,
  requiredKeys: string[],
  depth: number,
  dictionary: Dictionary | undefined,
  scale: number,
): Arbitrary<unknown> {
  const fewest = Math.min(schema.minProperties ?? 0, MAX_ADDED_PROPERTIES);
  const most = schema.maxProperties ?? Number.POSITIVE_INFINITY;
  const declared = Object.keys(shape);
  const added = Math.max(0, fewest - declared.length);
  const extra = added === 0 ? fc.constant([]) : additionalEntries(schema, declared, added, depth, dictionary, scale);
  return fc
    .tuple(
      fc.record(shape, { requiredKeys, noNullPrototype: true }),
      fc.record(shape, { noNullPrototype: true }),
      extra,
    )
    .map(([some, all, entries]) => {
      const out: Record<string, unknown> = { ...some };
      for (const key of declared) if (Object.keys(out).length < fewest && !(key in out)) out[key] = all[key];
      for (const [key, value] of entries) if (Object.keys(out).length < fewest && !(key in out)) out[key] = value;
      for (const key of Object.keys(out))
        if (Object.keys(out).length > most && !schema.required.includes(key)) delete out[key];
      return out;
    });
}

/** `count` additional properties the schema allows: distinct names, each with a value of its schema. */
function additionalEntries(
  schema: FlatSchema,
  declared: readonly string[],
  count: number,
  depth: number,
  dictionary: Dictionary | undefined,
  scale: number,
): Arbitrary<Array<[string, unknown]>> {
  const inner = (of: FlatSchema | undefined) =>
    of !== undefined && depth < MAX_DEPTH ? validArbitrary(of, depth + 1, dictionary, scale) : fc.constant('a');
  const namesOk = (name: string) =>
    !declared.includes(name) &&
    (schema.propertyNamesPattern === undefined || safeMatches(schema.propertyNamesPattern, name) !== false);
  const named = (pattern: string | undefined): Arbitrary<string> => {
    if (pattern !== undefined && unsampledReason(pattern) === undefined) {
      try {
        return boundedFilter(fc.stringMatching(new RegExp(pattern, 'u')), namesOk);
      } catch {
        // A pattern JavaScript cannot read: plain names.
      }
    }
    return boundedFilter(fc.stringMatching(/^[a-z]{1,8}$/), namesOk);
  };
  const [firstPattern] = schema.patternProperties ?? [];
  // Names of a patternProperties pattern when the schema allows no others (or says nothing of them).
  const entry: Arbitrary<[string, unknown]> =
    firstPattern !== undefined && (!schema.additionalProperties || schema.additional === undefined)
      ? fc.tuple(named(firstPattern[0]), inner(firstPattern[1]))
      : fc.tuple(named(schema.propertyNamesPattern), inner(schema.additional));
  return uniqueList(entry, count, count, ([name]) => name);
}

/**
 * Whether a value breaks a convention its schema cannot say — a national identifier that is no
 * valid kennitala (form and check digit) — so that it stays invalid though ajv accepts it.
 */
export function breaksConvention(schema: FlatSchema, value: unknown): boolean {
  return schema.nationalId && !hasValidCheckDigit(String(value));
}

/**
 * What an invalid value breaks, as a noun a message can name (`maximum 100`, as in `an invalid query:limit (maximum 100)`): the
 * first constraint of the schema the value fails, in the order a validator reads them. A national
 * identifier of the schema's form whose check digit is wrong breaks the check digit, not "its
 * schema": the schema accepts it.
 */
export function brokenConstraint(schema: FlatSchema, value: unknown): string {
  const type = schema.types.find((t) => t !== 'null');
  if (schema.enum && schema.enum.length > 0 && !schema.enum.includes(value)) return 'enum';
  if (type === 'integer' || type === 'number') {
    const number = typeof value === 'number' ? value : Number.NaN;
    if (Number.isNaN(number) || (type === 'integer' && !Number.isInteger(number))) return `type (${type})`;
    if (schema.maximum !== undefined && number > schema.maximum) return `maximum ${schema.maximum}`;
    if (schema.minimum !== undefined && number < schema.minimum) return `minimum ${schema.minimum}`;
    return 'schema';
  }
  if (type === 'boolean') return 'type (boolean)';
  if (typeof value !== 'string') return type ? `type (${type})` : 'schema';
  const length = [...value].length;
  if (schema.maxLength !== undefined && length > schema.maxLength) return `maxLength ${schema.maxLength}`;
  if (schema.minLength !== undefined && length < schema.minLength) return `minLength ${schema.minLength}`;
  if (schema.pattern !== undefined && safeMatches(schema.pattern, value) === false) return `pattern ${schema.pattern}`;
  if (schema.nationalId)
    return /^\d{10}$/.test(value) && !hasValidCheckDigit(value) ? 'check digit' : 'form (ten digits)';
  if (schema.format !== undefined) return `format ${schema.format}`;
  return 'schema';
}

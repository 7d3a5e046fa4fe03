/**
 * Property-based requests for one operation: fast-check generates the parameter and body
 * values, a check sends each case and says whether the answer broke a contract rule, and a
 * failing case is shrunk to the smallest one that still fails (each shrinking step is another
 * request). The seed makes a run repeatable: the same seed gives the same cases, and with the
 * counterexample path fast-check replays the shrunk case directly.
 */
import fc, { type Arbitrary } from 'fast-check';
import { stringFits, validArbitrary } from './arbitraries.js';
import { invalidArbitrary } from './invalid.js';
import { boundedFilter, pickFrom } from './bounded.js';
import type { Dictionary } from './dictionary.js';
import type { FlatSchema } from './schema.js';
import { MAX_REDRAWS, type Verifier } from './verify.js';

/** One input of an operation: a parameter (`query:limit`) or the request body (`body`). */
export interface GeneratedInput {
  key: string;
  required: boolean;
  schema: FlatSchema;
  /** ajv's word on a value of the input (verify.ts); undefined when ajv cannot compile its schema. */
  verify?: Verifier;
  /**
   * Why HTTP would not deliver a value as it is (request.ts `lostInTransit`): such a value is no
   * value the server receives, so it is sent neither as known valid nor as known invalid.
   */
  lost?: (value: unknown) => string | undefined;
  /** Values `verify` accepts that are not drawn (candidates.ts): what a draw falls back on. */
  known?: readonly unknown[];
}

/** Values for an operation's inputs, by key; an input left out is not sent. */
export type GeneratedValues = Record<string, unknown>;

export interface GeneratedCase {
  values: GeneratedValues;
  /** For a negative case: the input whose value breaks its schema. */
  invalid?: string;
  /** For a robustness case: the query input sent twice (`?a=1&a=2`), its value and another. */
  repeated?: { key: string; again: unknown };
  /** For a robustness case: the input whose value is thousands of characters long, digits or letters. */
  oversized?: { key: string; digits: boolean };
  /** For a robustness case: the free-form object input given members of every shape. */
  freeForm?: { key: string };
}

/**
 * Cases the operation must accept: every required input, some optional ones, all valid. A share
 * of them, when the operation has two string inputs or more, gives one of them another's value,
 * whole, before its own or after it (servers compare their inputs: a text that starts with,
 * contains or ends with a pattern; two fields that must match), where its schema accepts that.
 */
export function validCases(inputs: readonly GeneratedInput[], dictionary?: Dictionary): Arbitrary<GeneratedCase> {
  const shape: Record<string, Arbitrary<unknown>> = {};
  for (const input of inputs) shape[input.key] = verifiedValid(input, dictionary);
  const independent = fc
    .record(shape, { requiredKeys: inputs.filter((input) => input.required).map((input) => input.key) })
    .map((values): GeneratedCase => ({ values }));
  const strings = plainStrings(inputs);
  if (strings.length < 2) return independent;
  const shared = fc
    .tuple(
      independent,
      fc.nat(strings.length - 1),
      fc.nat(strings.length - 2),
      fc.constantFrom('whole', 'before', 'after'),
    )
    .map(([generated, from, offset, place]): GeneratedCase => {
      const source = strings[from];
      const target = strings[(from + 1 + offset) % strings.length];
      const value = source && generated.values[source.key];
      if (!target || typeof value !== 'string' || value === '') return generated;
      const own = generated.values[target.key];
      const next =
        typeof own !== 'string' || place === 'whole' ? value : place === 'before' ? `${value}${own}` : `${own}${value}`;
      if (!stringFits(target.schema, next) || !pathSegmentValue(target.key, next)) return generated;
      return { values: { ...generated.values, [target.key]: next } };
    });
  return fc.oneof({ arbitrary: independent, weight: 3 }, { arbitrary: shared, weight: 1 });
}

/** Plain strings only: no enum, const or format, whose values stringFits does not judge. */
function plainStrings(inputs: readonly GeneratedInput[]): GeneratedInput[] {
  return inputs.filter(
    ({ schema }) =>
      schema.types.length === 1 &&
      schema.types[0] === 'string' &&
      schema.enum === undefined &&
      schema.const === undefined &&
      schema.format === undefined,
  );
}

/** At most this many related cases per operation (an operation with 20 string inputs has 380 pairs). */
const MAX_RELATED_CASES = 64;

/** The lengths `relationVariants` orders values at: each short length a code, a name or a word has. */
const ORDERED_LENGTHS = [1, 2, 3, 4, 5, 6, 7, 8];

/**
 * Valid cases that relate an operation's plain string inputs in ways independent draws almost
 * never do, each sent once whatever the seed (servers compare their inputs):
 * - **ordered**: every string input a value of one length, in ascending and in descending order
 *   of declaration (`from`/`to`, `min`/`max`, sorted keys), at each length of `ORDERED_LENGTHS`
 *   (`aaa`, `bbb`, `ccc`…: drawn independently, four values are of one length and in order in
 *   about one case in thousands);
 * - **mirrored**: one input given another's value followed by its mirror image and the mirror
 *   image followed by it, adjacent and apart (`abc` and `abccba`, `cbaabc`, `abc-cba`, `cba-abc`:
 *   a text that holds a pattern and its reverse, a palindrome around it).
 * Only values each input's schema accepts (lengths, pattern, ajv) and that are path segments; at
 * most `MAX_RELATED_CASES`, the ordered ones first, then the pairs in declaration order.
 */
export function relationVariants(
  inputs: readonly GeneratedInput[],
  dictionary?: Dictionary,
): Array<Arbitrary<GeneratedCase>> {
  const strings = plainStrings(inputs);
  if (strings.length < 2) return [];
  const accepts = (input: GeneratedInput, value: string) =>
    stringFits(input.schema, value) &&
    pathSegmentValue(input.key, value) &&
    input.lost?.(value) === undefined &&
    (input.verify === undefined || input.verify(value) === true);
  const base = validCases(
    inputs.filter((input) => input.required && !strings.includes(input)),
    dictionary,
  );
  const cases: GeneratedValues[] = [];
  for (const length of ORDERED_LENGTHS)
    for (const order of [1, -1]) {
      const values: GeneratedValues = {};
      strings.forEach((input, i) => {
        const letter = String.fromCharCode(0x61 + ((order === 1 ? i : strings.length - 1 - i) % 26));
        values[input.key] = letter.repeat(length);
      });
      if (strings.every((input) => accepts(input, values[input.key] as string))) cases.push(values);
    }
  for (const source of strings)
    for (const target of strings) {
      if (source === target || cases.length >= MAX_RELATED_CASES) continue;
      const pattern = 'abc';
      const mirror = [...pattern].reverse().join('');
      if (!accepts(source, pattern)) continue;
      for (const text of [pattern + mirror, mirror + pattern, `${pattern}-${mirror}`, `${mirror}-${pattern}`])
        if (accepts(target, text)) cases.push({ [source.key]: pattern, [target.key]: text });
    }
  return cases
    .slice(0, MAX_RELATED_CASES)
    .map((related) => base.map((generated): GeneratedCase => ({ values: { ...generated.values, ...related } })));
}

/**
 * The input's valid values, each drawn again (up to `MAX_REDRAWS` times) while ajv refuses it: what
 * still fails after that is sent as no known-valid value (the phase checks each value again).
 */
export function verifiedValid(input: GeneratedInput, dictionary?: Dictionary): Arbitrary<unknown> {
  const valid = validInput(input, dictionary);
  const { verify, known } = input;
  if (verify === undefined) return valid;
  const otherwise = known !== undefined && known.length > 0 ? pickFrom(known) : valid;
  return boundedFilter(valid, (value) => verify(value) === true, otherwise, MAX_REDRAWS);
}

/**
 * A value a path segment can carry: not empty, not a dot segment (`.`, `..`: the URL drops them),
 * not the template's own text (`{id}`). Any of those reaches another route, or none, so the answer
 * says nothing of the operation under test — and a finding on it would be vottur's own doing.
 */
export function pathSegmentValue(key: string, value: unknown): boolean {
  if (!key.startsWith('path:')) return true;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text !== undefined && text.trim() !== '' && text !== '.' && text !== '..' && text !== `{${key.slice(5)}}`;
}

/**
 * Valid values of one input; a path parameter's are path segments (`pathSegmentValue`): a valid
 * `.` for a string parameter makes a URL that names another route (`/items/.` is `/items/`).
 */
function validInput(input: GeneratedInput, dictionary?: Dictionary): Arbitrary<unknown> {
  const valid = validArbitrary(input.schema, 0, dictionary);
  return input.key.startsWith('path:') ? boundedFilter(valid, (value) => pathSegmentValue(input.key, value)) : valid;
}

/**
 * Cases the operation must refuse with 400: one input invalid (or a required one left out), the
 * rest valid. A path parameter is never left out, nor given a value that is no path segment
 * (`pathSegmentValue`): the request would go to another route.
 */
export function invalidCases(
  inputs: readonly GeneratedInput[],
  dictionary?: Dictionary,
): Arbitrary<GeneratedCase> | undefined {
  const required = inputs.filter((input) => input.required);
  const variants: Array<Arbitrary<GeneratedCase>> = [];
  for (const target of inputs) {
    const broken = invalidArbitrary(target.schema);
    // A value ajv accepts is no invalid value: drawn again (the phase checks the one sent again).
    const { verify, lost } = target;
    const invalid =
      broken &&
      boundedFilter(
        broken,
        (value) =>
          pathSegmentValue(target.key, value) &&
          lost?.(value) === undefined &&
          (verify === undefined || verify(value) !== true),
      );
    const others = Object.fromEntries(
      required.filter((input) => input !== target).map((input) => [input.key, verifiedValid(input, dictionary)]),
    );
    if (invalid)
      variants.push(fc.record({ ...others, [target.key]: invalid }).map((values) => ({ values, invalid: target.key })));
    // A required input left out is as invalid as a wrong one (a path parameter cannot be left out).
    if (target.required && !target.key.startsWith('path:'))
      variants.push(fc.record(others).map((values) => ({ values, invalid: `${target.key} (missing)` })));
  }
  return variants.length === 0 ? undefined : fc.oneof(...variants);
}

/** Longer than any value a description means, short enough for any server to read: 4,000 to 12,000 characters. */
const OVERSIZED_LENGTH = fc.integer({ min: 4000, max: 12000 });

/**
 * Requests the description neither allows nor forbids, which servers mishandle, for each query
 * parameter: given twice (`?tag=a&tag=b`, for a parameter that is no array), a number thousands
 * of digits long (a huge numeric string: `parseInt` gives Infinity, a date from it is invalid),
 * and a value thousands of letters long. Served or refused as the server likes, never a 5xx.
 * One arbitrary per kind and parameter, so that each can be sent at least once.
 */
export function robustnessVariants(
  inputs: readonly GeneratedInput[],
  dictionary?: Dictionary,
): Array<Arbitrary<GeneratedCase>> {
  const valid = validCases(
    inputs.filter((input) => input.required),
    dictionary,
  );
  const variants: Array<Arbitrary<GeneratedCase>> = [];
  for (const target of inputs) {
    if (!target.key.startsWith('query:')) continue;
    const value = verifiedValid(target, dictionary);
    if (!target.schema.types.includes('array'))
      variants.push(
        fc.tuple(valid, value, value).map(([generated, first, again]) => ({
          values: { ...generated.values, [target.key]: first },
          repeated: { key: target.key, again },
        })),
      );
    for (const digits of [true, false])
      variants.push(
        fc.tuple(valid, OVERSIZED_LENGTH).map(([generated, length]) => ({
          values: { ...generated.values, [target.key]: (digits ? '9' : 'a').repeat(length) },
          oversized: { key: target.key, digits },
        })),
      );
  }
  return variants;
}

/**
 * Whether a schema is a free-form object — `{type: object}` that declares no member and allows any
 * (`additionalProperties` true or unsaid): LoopBack's `where` and `filter` query parameters.
 */
export function isFreeFormObject(schema: FlatSchema): boolean {
  return (
    schema.types.includes('object') &&
    schema.properties.size === 0 &&
    schema.additionalProperties &&
    schema.additional === undefined &&
    (schema.patternProperties ?? []).length === 0 &&
    schema.propertyNamesPattern === undefined &&
    schema.minProperties === undefined &&
    schema.maxProperties === undefined
  );
}

/** A member name: a word, or one the description and the answers so far contain. */
function memberName(dictionary: Dictionary | undefined): Arbitrary<string> {
  const word = fc.stringMatching(/^[a-z]{1,8}$/);
  if (!dictionary) return word;
  return fc.oneof(
    word,
    fc.noBias(fc.nat()).map((n) => {
      const names = dictionary.strings.filter((value) => value.length > 0 && value.length <= 64);
      return names.length === 0 ? 'a' : (names[n % names.length] ?? 'a');
    }),
  );
}

/**
 * A non-empty object with members of every JSON shape — null, booleans, numbers, strings of the
 * dictionary, arrays and nested objects (`{"or": [null]}`): what a free-form object allows and
 * servers mishandle (issue 36, M1). Nested three levels at most.
 */
export function freeFormObject(dictionary?: Dictionary): Arbitrary<Record<string, unknown>> {
  const name = memberName(dictionary);
  const scalar = fc.oneof(fc.constant(null), fc.boolean(), fc.integer({ min: -1000, max: 1000 }), name);
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { maxDepth: 3, depthIdentifier: 'free-form' },
      scalar,
      fc.array(tie('value'), { maxLength: 3, depthIdentifier: 'free-form' }),
      fc.dictionary(name, tie('value'), { maxKeys: 3, noNullPrototype: true, depthIdentifier: 'free-form' }),
    ),
  }));
  return fc.dictionary(name, value, { minKeys: 1, maxKeys: 4, noNullPrototype: true });
}

/** For each free-form object input: valid cases with that input given members of every shape. */
export function freeFormVariants(
  inputs: readonly GeneratedInput[],
  dictionary?: Dictionary,
): Array<Arbitrary<GeneratedCase>> {
  const valid = validCases(
    inputs.filter((input) => input.required),
    dictionary,
  );
  return inputs
    .filter((input) => isFreeFormObject(input.schema))
    .map((target) =>
      fc.tuple(valid, freeFormObject(dictionary)).map(([generated, object]) => ({
        values: { ...generated.values, [target.key]: object },
        freeForm: { key: target.key },
      })),
    );
}

/** The unusual cases of `robustnessVariants`, any kind of any parameter. */
export function robustnessCases(
  inputs: readonly GeneratedInput[],
  dictionary?: Dictionary,
): Arbitrary<GeneratedCase> | undefined {
  const variants = [...robustnessVariants(inputs, dictionary), ...freeFormVariants(inputs, dictionary)];
  return variants.length === 0 ? undefined : fc.oneof(...variants);
}

export interface FuzzOptions {
  seed: number;
  /** Cases generated (before shrinking), over every failure found. */
  maxExamples: number;
  /** Shrinking and generation stop after this long (ms); what was found so far is kept. */
  timeLimitMs?: number;
}

export interface FuzzFailure<F> {
  /** The smallest failing case fast-check found. */
  case: GeneratedCase;
  /** What the check said about it. */
  failure: F;
  /** Replays this case: `fc.check(..., { seed, path })`. */
  seed: number;
  path?: string;
  /** Cases run until it was found and shrunk, shrinking included. */
  runs: number;
}

/**
 * Runs `check` on generated cases; each distinct failure (`kindOf` its failure) is shrunk and kept
 * once, and generating goes on after it — a failure already found counts as a pass from then on —
 * until `maxExamples` cases were generated or the time is up. An operation that fails one way
 * early is still explored the other ways. `check` resolves to a failure (anything) or undefined
 * when the answer was right.
 */
export async function fuzzCases<F>(
  cases: Arbitrary<GeneratedCase>,
  check: (generated: GeneratedCase) => Promise<F | undefined>,
  options: FuzzOptions,
  kindOf: (failure: F) => string = () => '',
): Promise<{ runs: number; failures: Array<FuzzFailure<F>> }> {
  let runs = 0;
  let generated = 0;
  const found: Array<FuzzFailure<F>> = [];
  const known = new Set<string>();
  const deadline = options.timeLimitMs !== undefined ? Date.now() + options.timeLimitMs : undefined;
  for (let round = 0; generated < options.maxExamples; round++) {
    const left = deadline === undefined ? undefined : deadline - Date.now();
    if (left !== undefined && left <= 0) break;
    const failures = new Map<GeneratedCase, F>();
    const property = fc.asyncProperty(cases, async (generatedCase) => {
      runs++;
      const failure = await check(generatedCase);
      if (failure === undefined || known.has(kindOf(failure))) return true;
      failures.set(generatedCase, failure);
      return false;
    });
    const seed = (options.seed + round * 7919) | 0;
    const result = await fc.check(property, {
      seed,
      numRuns: options.maxExamples - generated,
      ...(left !== undefined ? { interruptAfterTimeLimit: left, markInterruptAsFailure: false } : {}),
    });
    // The cases generated this round: those run to the failure (shrinking steps are not generated cases).
    generated += result.failed ? Math.max(1, result.numRuns) : options.maxExamples;
    if (!result.failed || !result.counterexample) break;
    const [shrunk] = result.counterexample;
    // The shrunk case is one the check ran (fast-check hands over the values it generated).
    const failure = failures.get(shrunk);
    if (failure === undefined) break;
    known.add(kindOf(failure));
    found.push({ case: shrunk, failure, seed, path: result.counterexamplePath ?? undefined, runs });
  }
  return { runs, failures: found };
}

/** Replays exactly one case of an earlier run: the shrunk counterexample its seed and path name. */
export function replayCase(cases: Arbitrary<GeneratedCase>, seed: number, path: string): GeneratedCase | undefined {
  let found: GeneratedCase | undefined;
  fc.check(
    fc.property(cases, (generated) => {
      found = generated;
      return false;
    }),
    { seed, path, numRuns: 1, endOnFailure: true },
  );
  return found;
}

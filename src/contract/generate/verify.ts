/**
 * ajv's word on a generated value before it is sent (issue 34, attack C1): a value a phase sends as
 * known valid (the server must accept it) is first validated against its schema by the same ajv
 * validators that judge the description's examples (rulesets/rules/platform-example-valid.ts
 * `exampleValidators`: one compiled validator per distinct schema text), and a value sent as known
 * invalid is first confirmed invalid. The generators honour most keywords; this is what catches
 * the rest, so that a correct server that validates strictly is never blamed for vottur's values.
 *
 * A value that fails is drawn again, a bounded number of times (`MAX_REDRAWS`, seeded); when none
 * passes, the input is a contract-generation-limit finding and its value is not sent as known valid.
 */
import fc from 'fast-check';
import type { ErrorObject } from 'ajv';
import { exampleValidators } from '../../../rulesets/rules/platform-example-valid.js';
import type { Document } from '../../../rulesets/lib/openapi/types.js';
import type { JsonPath } from '../../../rulesets/lib/rule.js';
import { valueAt } from '../../../rulesets/lib/openapi/json-schema.js';
import { pastValidationWork, validationWork } from '../schema-work.js';
import { validArbitrary } from './arbitraries.js';
import { checkDeadline, RunBudgetSpent } from './deadline.js';
import { noValueReason } from './limits.js';
import { MAX_GENERATION_WORK, unusableSize, type FlatSchema } from './schema.js';

/** Draws of a value ajv refuses before the input is reported as a contract-generation-limit. */
export const MAX_REDRAWS = 20;

/**
 * ajv's verdict on a value of one input: `true` when its schema accepts it, else why not (ajv's
 * first error, in words). Without a validator (a schema ajv cannot compile) there is no verifier.
 */
export type Verifier = (value: unknown) => true | string;

/**
 * The verifier of the schema at `path` of the description, read as a request (the generators'
 * `flat` form of it says which properties the request direction leaves out), or undefined when
 * ajv cannot compile it.
 */
export function schemaVerifier(document: Document, path: JsonPath, flat: FlatSchema): Verifier | undefined {
  // A schema past the work bound (schema.ts `MAX_GENERATION_WORK`) is not run by ajv either: a
  // `oneOf` chain through `$ref` is evaluated branch by branch, 2³⁰ times for one value.
  if (flat.oversized)
    return () => `its schema expands past ${MAX_GENERATION_WORK.toLocaleString('en')} nodes, the most generation reads`;
  let validate: ReturnType<ReturnType<typeof exampleValidators>>;
  try {
    validate = exampleValidators(document)(path);
  } catch {
    validate = undefined;
  }
  // A size no value has (`minItems: .inf`): ajv, given the description as JSON, reads it as null.
  const unusable = unusableSize(flat);
  if (unusable !== undefined) return () => unusable;
  if (validate === undefined) {
    // A schema ajv cannot compile that accepts no value at all (o34r12 B13: ajv refuses
    // `enum: []`; limits.ts `noValueReason`): every value is refused, as ajv refuses every value
    // of `not: {}`. Any other: the generators' values are sent unverified, as before.
    const none = noValueReason(flat);
    return none === undefined ? undefined : () => none;
  }
  const check = validate;
  const schema = valueAt(document, path);
  const work = validationWork(document);
  return (value) => {
    // ajv is run on no value it would take past the work bound to check (schema-work.ts).
    if (!work.within(schema, value)) return pastValidationWork();
    try {
      if (check(value)) return true;
    } catch (error) {
      // ajv throws on what JSON cannot hold: no verdict is no "valid".
      return `ajv could not validate it (${error instanceof Error ? error.message : String(error)})`.slice(0, 160);
    }
    const all: ErrorObject[] = check.errors ?? [];
    const errors = all.filter((error) => !requestOnly(error, flat));
    // Only errors of the answer direction (a `readOnly` property required, a `writeOnly` one
    // removed), or only the `oneOf`/`anyOf` they made fail: the value is what a request sends.
    if (errors.length === 0) return true;
    if (errors.length < all.length && errors.every((error) => COMBINATORS.has(error.keyword))) return true;
    const first = errors.find((error) => !COMBINATORS.has(error.keyword)) ?? errors[0];
    return first === undefined ? 'its schema refuses it' : describe(first);
  };
}

const COMBINATORS = new Set(['anyOf', 'oneOf', 'allOf', 'not', 'if']);

/**
 * True for an error that only the answer direction of the shared validator makes: a `readOnly`
 * property the request leaves out but the schema requires, or a `writeOnly` property the
 * OpenAPI 3.0 conversion removed (`additionalProperties: false` then refuses it).
 */
function requestOnly(error: ErrorObject, flat: FlatSchema): boolean {
  const at = schemaAt(flat, error.instancePath);
  if (at === undefined) return false;
  const params = error.params as { missingProperty?: unknown; additionalProperty?: unknown };
  if (error.keyword === 'required' && typeof params.missingProperty === 'string')
    return at.omitted?.includes(params.missingProperty) === true;
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string')
    return at.properties.get(params.additionalProperty)?.writeOnly === true;
  return false;
}

/** The flattened schema at an ajv instance path (`/a/0/b`), following properties and items. */
function schemaAt(flat: FlatSchema, instancePath: string): FlatSchema | undefined {
  let at: FlatSchema | undefined = flat;
  for (const raw of instancePath.split('/').slice(1)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (at === undefined) return undefined;
    at = at.properties.get(segment) ?? (/^\d+$/.test(segment) ? at.items : undefined);
  }
  return at;
}

/** One ajv error in words: where in the value, and what it breaks (`/tags must NOT have duplicate items`). */
export function describe(error: ErrorObject): string {
  const where = error.instancePath === '' ? '' : `${error.instancePath} `;
  return `${where}${error.message ?? `breaks ${error.keyword}`}`.slice(0, 160);
}

/**
 * A value of the schema that `verify` accepts: the first of `MAX_REDRAWS` draws of the fuzz
 * phase's generator, seeded (the same schema gives the same value), else the first of the other
 * candidates (candidates.ts: the schema's examples, composed values, openapi-sampler's) that
 * `verify` accepts, or why none was.
 */
export function drawVerified(
  schema: FlatSchema,
  verify: Verifier,
  seed: number,
  candidates: readonly unknown[] = [],
): { value: unknown } | { why: string } {
  let why: string | undefined;
  let drawn: unknown[] = [];
  try {
    drawn = fc.sample(validArbitrary(schema), { seed, numRuns: MAX_REDRAWS });
  } catch (error) {
    if (error instanceof RunBudgetSpent) throw error;
    why = error instanceof Error ? error.message.split('\n')[0] : undefined;
  }
  for (const value of drawn) {
    checkDeadline();
    const verdict = verify(value);
    if (verdict === true) return { value };
    why ??= verdict;
  }
  for (const value of candidates) {
    checkDeadline();
    if (verify(value) === true) return { value };
  }
  return { why: why ?? 'its schema refuses every value drawn' };
}

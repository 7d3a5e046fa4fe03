/**
 * Property-based requests for one operation: fast-check generates the parameter and body
 * values, a check sends each case and says whether the answer broke a contract rule, and a
 * failing case is shrunk to the smallest one that still fails (each shrinking step is another
 * request). The seed makes a run repeatable: the same seed gives the same cases, and with the
 * counterexample path fast-check replays the shrunk case directly.
 */
import fc, { type Arbitrary } from 'fast-check';
import { invalidArbitrary, validArbitrary } from './arbitraries.js';
import type { FlatSchema } from './schema.js';

/** One input of an operation: a parameter (`query:limit`) or the request body (`body`). */
export interface GeneratedInput {
  key: string;
  required: boolean;
  schema: FlatSchema;
}

/** Values for an operation's inputs, by key; an input left out is not sent. */
export type GeneratedValues = Record<string, unknown>;

export interface GeneratedCase {
  values: GeneratedValues;
  /** For a negative case: the input whose value breaks its schema. */
  invalid?: string;
}

/** Cases the operation must accept: every required input, some optional ones, all valid. */
export function validCases(inputs: readonly GeneratedInput[]): Arbitrary<GeneratedCase> {
  const shape: Record<string, Arbitrary<unknown>> = {};
  for (const input of inputs) shape[input.key] = validArbitrary(input.schema);
  return fc
    .record(shape, { requiredKeys: inputs.filter((input) => input.required).map((input) => input.key) })
    .map((values) => ({ values }));
}

/** Cases the operation must refuse with 400: one input invalid (or a required one left out), the rest valid. */
export function invalidCases(inputs: readonly GeneratedInput[]): Arbitrary<GeneratedCase> | undefined {
  const required = inputs.filter((input) => input.required);
  const variants: Array<Arbitrary<GeneratedCase>> = [];
  for (const target of inputs) {
    const invalid = invalidArbitrary(target.schema);
    const others = Object.fromEntries(
      required.filter((input) => input !== target).map((input) => [input.key, validArbitrary(input.schema)]),
    );
    if (invalid)
      variants.push(fc.record({ ...others, [target.key]: invalid }).map((values) => ({ values, invalid: target.key })));
    // A required input left out is as invalid as a wrong one.
    if (target.required)
      variants.push(fc.record(others).map((values) => ({ values, invalid: `${target.key} (missing)` })));
  }
  return variants.length === 0 ? undefined : fc.oneof(...variants);
}

export interface FuzzOptions {
  seed: number;
  /** Cases generated (before shrinking). */
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
  /** Cases run, shrinking included. */
  runs: number;
}

/**
 * Runs `check` on generated cases until one fails; shrinks it. `check` resolves to a failure
 * (anything) or undefined when the answer was right.
 */
export async function fuzzCases<F>(
  cases: Arbitrary<GeneratedCase>,
  check: (generated: GeneratedCase) => Promise<F | undefined>,
  options: FuzzOptions,
): Promise<{ runs: number; failure?: FuzzFailure<F> }> {
  let runs = 0;
  const failures = new Map<GeneratedCase, F>();
  const property = fc.asyncProperty(cases, async (generated) => {
    runs++;
    const failure = await check(generated);
    if (failure === undefined) return true;
    failures.set(generated, failure);
    return false;
  });
  const result = await fc.check(property, {
    seed: options.seed,
    numRuns: options.maxExamples,
    ...(options.timeLimitMs ? { interruptAfterTimeLimit: options.timeLimitMs, markInterruptAsFailure: false } : {}),
  });
  if (!result.failed || !result.counterexample) return { runs };
  const [shrunk] = result.counterexample;
  // The shrunk case is one the check ran (fast-check hands over the values it generated).
  const failure = failures.get(shrunk);
  if (failure === undefined) return { runs };
  return {
    runs,
    failure: { case: shrunk, failure, seed: result.seed, path: result.counterexamplePath ?? undefined, runs },
  };
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

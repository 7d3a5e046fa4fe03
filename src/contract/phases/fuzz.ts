/**
 * The fuzz phase: property-based requests for each operation (fast-check, seeded) — valid values
 * the server must accept, and values that break one constraint (or leave a required input out)
 * that it must refuse. The first failing case is shrunk to the smallest one that still fails, and
 * reported once.
 */
import type { Arbitrary } from 'fast-check';
import type { AnswerCheckId, Verdict } from '../answers/index.js';
import { brokenConstraint } from '../generate/arbitraries.js';
import { fuzzCases, invalidCases, validCases, type GeneratedCase } from '../generate/fuzz.js';
import type { PhaseContext, PhaseOperation, TaggedRequest } from './context.js';
import { buildRequest, type Input } from './inputs.js';

/** Fuzzing and shrinking of one operation stop after this long; what was found is kept. */
const FUZZ_TIME_LIMIT_MS = 30_000;

const MISSING = / \(missing\)$/;

/** A generated case as a request, tagged with the check its answer must pass. */
export function fuzzRequest(
  context: Pick<PhaseContext, 'server' | 'credentials'>,
  op: PhaseOperation['op'],
  inputs: readonly Input[],
  generated: GeneratedCase,
  positive: boolean,
): TaggedRequest {
  const request = buildRequest(context.server, op, inputs, { ...generated.values }, context.credentials.full);
  const invalid = generated.invalid;
  const constraint = invalid !== undefined ? { constraint: invalid } : {};
  if (positive) return { request, answer: 'positive-data-accepted', ...constraint };
  const answer: AnswerCheckId =
    invalid !== undefined && MISSING.test(invalid) ? 'missing-required-input' : 'negative-data-rejected';
  const detail =
    answer === 'missing-required-input'
      ? { input: (invalid ?? '').replace(MISSING, '') }
      : { input: invalid ?? '', constraint: brokenConstraintOf(inputs, invalid, generated.values) };
  return { request, answer, detail, ...constraint };
}

/** What the one invalid input's value breaks (`check digit`, `maximum 100`): named, not "its schema". */
function brokenConstraintOf(
  inputs: readonly Input[],
  key: string | undefined,
  values: GeneratedCase['values'],
): string {
  const input = inputs.find((i) => i.key === key);
  return input === undefined || key === undefined ? 'schema' : brokenConstraint(input.schema, values[key]);
}

export async function fuzzPhase(context: PhaseContext, { op, inputs, index }: PhaseOperation): Promise<void> {
  if (inputs.length === 0) return;
  const runOne = async (cases: Arbitrary<GeneratedCase> | undefined, positive: boolean, seed: number) => {
    if (!cases) return;
    const result = await fuzzCases(
      cases,
      async (generated): Promise<{ verdict: Verdict; tagged: TaggedRequest } | undefined> => {
        for (const key of Object.keys(generated.values)) context.exercised(op, key.replace(MISSING, ''));
        const tagged = fuzzRequest(context, op, inputs, generated, positive);
        const verdict = await context.exchange(op, 'fuzz', tagged);
        return verdict ? { verdict, tagged } : undefined;
      },
      { seed, maxExamples: context.maxExamples, timeLimitMs: FUZZ_TIME_LIMIT_MS },
    );
    if (result.failure) {
      const { verdict, tagged } = result.failure.failure;
      context.report(
        op,
        'fuzz',
        tagged,
        verdict,
        ` (the smallest failing case, shrunk from ${result.failure.runs} generated requests)`,
      );
    }
  };
  const seed = (context.seed + index * 2) | 0;
  await runOne(validCases(inputs), true, seed);
  await runOne(invalidCases(inputs), false, (seed + 1) | 0);
}

/**
 * The fuzz phase: property-based requests for each operation (fast-check, seeded) — valid values
 * the server must accept (numbers partly at their bounds, strings partly from what the description
 * and the answers so far contain), values that break one constraint (or leave a required input
 * out) that it must refuse, and query parameters repeated or thousands of characters long, which
 * must never cause a 5xx. Each distinct failure (rule and input) is shrunk to the smallest case
 * that still fails and reported once; generating goes on after it, until --max-examples cases of
 * each kind were sent, or, with --budget, until the budget is spent.
 */
import type { Arbitrary } from 'fast-check';
import type { AnswerCheckId, Verdict } from '../answers/index.js';
import { brokenConstraint, breaksConvention } from '../generate/arbitraries.js';
import {
  fuzzCases,
  invalidCases,
  robustnessCases,
  relationVariants,
  robustnessVariants,
  freeFormVariants,
  validCases,
  type GeneratedCase,
} from '../generate/fuzz.js';
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
): TaggedRequest & { refused?: Array<{ input: Input; why: string }> } {
  const request = buildRequest(context.server, op, inputs, { ...generated.values }, context.credentials.full);
  const { repeated, oversized, freeForm } = generated;
  if (freeForm) {
    // Any members are allowed: served or refused as the server likes, never a 5xx.
    const what = `${freeForm.key} an object with members of any shape`;
    return { request, answer: 'no-server-error', detail: { constraint: what }, constraint: what };
  }
  if (repeated || oversized) {
    const key = repeated?.key ?? oversized?.key ?? '';
    if (repeated) {
      // The same parameter once more, as the request writer writes it (its style, its encoding).
      const again = buildRequest(context.server, op, inputs, { [key]: repeated.again }, {});
      const pairs = again.url.search.slice(1);
      if (pairs) request.url.search = `${request.url.search}${request.url.search ? '&' : '?'}${pairs}`;
    }
    const what = repeated
      ? `${key} given twice`
      : `${key} ${oversized?.digits ? 'a number thousands of digits long' : 'thousands of letters long'}`;
    return { request, answer: 'no-server-error', detail: { constraint: what }, constraint: what };
  }
  const invalid = generated.invalid;
  const constraint = invalid !== undefined ? { constraint: invalid } : {};
  // ajv's word on each value (verify.ts): the redraws of the generators left what is checked here.
  const refused = inputs.flatMap((input) => {
    if (!Object.prototype.hasOwnProperty.call(generated.values, input.key) || input.key === invalid) return [];
    const verdict = input.verify?.(generated.values[input.key]);
    return verdict === undefined || verdict === true ? [] : [{ input, why: verdict }];
  });
  const unverified = refused.length > 0 ? { refused } : {};
  if (positive)
    return refused.length > 0
      ? { request, answer: 'no-server-error', ...constraint, ...unverified }
      : { request, answer: 'positive-data-accepted', ...constraint };
  const target = inputs.find((input) => input.key === invalid);
  // A "broken" value ajv accepts is no invalid input: the server need not refuse it — unless it
  // breaks a convention the schema cannot say (a national identifier's form and check digit).
  const broken = target === undefined ? undefined : generated.values[target.key];
  if (
    target !== undefined &&
    (target.lost?.(broken) !== undefined ||
      (target.verify !== undefined && target.verify(broken) === true && !breaksConvention(target.schema, broken)))
  )
    return { request, answer: 'no-server-error', ...constraint };
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
  const { dictionary, deadline } = context;
  const runOne = async (
    cases: Arbitrary<GeneratedCase> | undefined,
    positive: boolean,
    seed: number,
    share: number,
    examples = context.maxExamples,
    once = false,
  ) => {
    if (!cases) return;
    // With a budget: until this kind's share of what is left of it, however many cases that is
    // (a case sent `once` is sent once while any budget is left).
    const left = deadline === undefined ? undefined : Math.max(0, (deadline - Date.now()) * share);
    if (left === 0) return;
    const result = await fuzzCases(
      cases,
      async (generated): Promise<{ verdict: Verdict; tagged: TaggedRequest } | undefined> => {
        for (const key of Object.keys(generated.values)) context.exercised(op, key.replace(MISSING, ''));
        const { refused, ...tagged } = fuzzRequest(context, op, inputs, generated, positive);
        // A value no redraw made valid: not sent as known valid, and reported once (contract-generation-limit).
        for (const { input, why } of refused ?? []) context.refused(op, input, why);
        const verdict = await context.exchange(op, 'fuzz', tagged);
        return verdict ? { verdict, tagged } : undefined;
      },
      {
        seed,
        maxExamples: left === undefined || once ? examples : Number.MAX_SAFE_INTEGER,
        timeLimitMs: left ?? FUZZ_TIME_LIMIT_MS,
      },
      // A distinct failure: another rule, or the same rule on another input.
      ({ verdict, tagged }) => `${verdict.rule}\u0000${verdict.statusOnly ? '' : (tagged.constraint ?? '')}`,
    );
    for (const failure of result.failures) {
      const { verdict, tagged } = failure.failure;
      context.report(
        op,
        'fuzz',
        tagged,
        verdict,
        ` (the smallest failing case, shrunk from ${failure.runs} generated requests)`,
      );
    }
  };
  const seed = (context.seed + index * 2) | 0;
  await runOne(validCases(inputs, dictionary), true, seed, 1 / 3);
  // Inputs related to each other (ordered, one holding another and its mirror image): each once.
  for (const [i, variant] of relationVariants(inputs, dictionary).entries())
    await runOne(variant, true, (seed + 3 + i) | 0, 1, 1, true);
  await runOne(invalidCases(inputs, dictionary), false, (seed + 1) | 0, 1 / 2);
  if (deadline !== undefined) {
    // With a budget: any kind of any parameter, for as long as the budget lasts.
    await runOne(robustnessCases(inputs, dictionary), false, (seed + 2) | 0, 1);
    return;
  }
  // Without one: each kind of unusual case once per query parameter (a repeat, a huge number, a
  // long text) — drawn at random among them, a seed could miss the one the server mishandles.
  const variants = robustnessVariants(inputs, dictionary);
  for (const [i, variant] of variants.entries()) await runOne(variant, false, (seed + 2 + i) | 0, 1, 1);
  // A free-form object (`{type: object}`, any members): filled with members of every shape, as many
  // times as the valid cases — it is only ever `{}` among them (issue 36, M1).
  for (const [i, variant] of freeFormVariants(inputs, dictionary).entries())
    await runOne(variant, false, (seed + 2 + variants.length + i) | 0, 1);
}

/**
 * The coverage phase: deterministic requests for each operation — each input at and just past each
 * of its constraints, each required input left out, forged credentials — and, with
 * --allow-unsafe-methods, a method each path does not document. Every request is tagged with the
 * answer check its answer must pass.
 */
import type { OperationModel } from '../description.js';
import { coverageCases } from '../generate/cases.js';
import { forgedCredentials } from '../security.js';
import type { PhaseContext, PhaseOperation, TaggedRequest } from './context.js';
import { baseValues, buildRequest } from './inputs.js';

/** Coverage cases per input at most (an enum of 200 values is not 200 requests). */
const MAX_CASES_PER_INPUT = 16;

/** The coverage phase's requests for one operation, tagged with what their answers must be. */
export function coverageRequests(
  context: Pick<PhaseContext, 'server' | 'credentials'>,
  { op, inputs }: PhaseOperation,
): Array<TaggedRequest & { input?: string; exercises?: string }> {
  const base = baseValues(inputs);
  const requests: Array<TaggedRequest & { input?: string; exercises?: string }> = [];
  const request = (values: Record<string, unknown>, headers?: Record<string, string>) =>
    buildRequest(context.server, op, inputs, values, headers ?? context.credentials.full);
  for (const input of inputs) {
    const cases = coverageCases(input.schema).slice(0, MAX_CASES_PER_INPUT);
    for (const c of cases) {
      if (input.parameter?.in === 'path' && (c.value === '' || c.value === null)) continue;
      const constraint = `${input.key}: ${c.constraint}`;
      requests.push({
        request: request({ ...base, [input.key]: c.value }),
        ...(c.valid
          ? { answer: 'positive-data-accepted' as const }
          : { answer: 'negative-data-rejected' as const, detail: { input: input.key, constraint: c.constraint } }),
        constraint,
        input: input.key,
        exercises: c.constraint,
      });
    }
    if (input.required && input.parameter?.in !== 'path') {
      const without = { ...base };
      delete without[input.key];
      requests.push({
        request: request(without),
        answer: 'missing-required-input',
        detail: { input: input.key },
        constraint: `${input.key}: required, left out`,
        input: input.key,
        exercises: 'required',
      });
    }
  }
  if (op.secured) {
    // Per scheme: a forged token only where a bearer token is taken, a wrong key for an API key.
    for (const forged of forgedCredentials(op.security, context.credentials)) {
      const written = request(base, forged.headers);
      if (forged.query) written.url.searchParams.append(...forged.query);
      requests.push({
        request: written,
        answer: 'forged-token-401',
        detail: { token: forged.what, credential: forged.kind },
        constraint: `credentials: ${forged.what}`,
      });
    }
  }
  return requests;
}

export async function coveragePhase(context: PhaseContext, operation: PhaseOperation): Promise<void> {
  const { op } = operation;
  const tagged = coverageRequests(context, operation);
  for (const t of tagged) if (t.input !== undefined) context.exercised(op, t.input, t.exercises);
  await Promise.all(
    tagged.map(async (t) => {
      const verdict = await context.exchange(op, 'coverage', t);
      if (verdict) context.report(op, 'coverage', t, verdict);
    }),
  );
}

/** For each path, one method it does not document (PUT, PATCH, DELETE or POST): 405 with Allow. */
export async function unsupportedMethods(context: PhaseContext): Promise<void> {
  const byPath = new Map<string, OperationModel[]>();
  for (const op of context.description.operations) byPath.set(op.pathKey, [...(byPath.get(op.pathKey) ?? []), op]);
  await Promise.all(
    [...byPath.values()].map(async (ops) => {
      const documented = ops.map((op) => op.method);
      const method = ['PUT', 'PATCH', 'DELETE', 'POST'].find((m) => !documented.includes(m));
      const op = ops.find((candidate) => candidate.method === 'GET') ?? ops[0];
      // Not for a path whose operation is skipped (no answer to its examples, no credentials).
      if (!method || !op || context.skipped(op) !== undefined) return;
      const inputs = context.inputsOf(op);
      const tagged: TaggedRequest = {
        request: { ...buildRequest(context.server, op, inputs, baseValues(inputs), context.credentials.full), method },
        answer: 'undocumented-method-405',
        detail: { documented },
        constraint: `method ${method}`,
      };
      const verdict = await context.exchange(op, 'coverage', tagged);
      if (verdict) context.report(op, 'coverage', tagged, verdict);
    }),
  );
}

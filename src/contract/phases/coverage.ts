/**
 * The coverage phase: deterministic requests for each operation — each input at and just past each
 * of its constraints, each required input left out, forged credentials — and, with
 * --allow-unsafe-methods, a method each path does not document. Every request is tagged with the
 * answer check its answer must pass.
 */
import type { OperationModel } from '../description.js';
import { coverageCases, type ValueCase } from '../generate/cases.js';
import { breaksConvention } from '../generate/arbitraries.js';
import { drawVerified } from '../generate/verify.js';
import { forgedCredentials } from '../security.js';
import type { PhaseContext, PhaseOperation, TaggedRequest } from './context.js';
import { baseValues, buildRequest, type Input } from './inputs.js';
import { pushTo } from '../../runtime/group.js';

/** Coverage cases per input at most (an enum of 200 values is not 200 requests). */
const MAX_CASES_PER_INPUT = 16;

/**
 * A coverage case as ajv judges it (verify.ts), as the server receives it (request.ts
 * `lostInTransit`). A valid case ajv refuses is drawn again when it is the plain valid value, and
 * left out when it is a boundary case of an input that has a verified value (the generators' own
 * weakness is no finding); what no draw nor candidate makes valid is sent as no known-valid value
 * and reported once (contract-generation-limit). A past-the-boundary case ajv accepts is no invalid
 * value: it is sent as such, expecting no server error only (a national identifier's wrong check
 * digit excepted: the schema cannot say it). A case HTTP would change on the way is left out: it is
 * no value the server would be sent.
 */
function checkedCase(
  context: Partial<Pick<PhaseContext, 'refused'>>,
  op: PhaseOperation['op'],
  input: Input,
  c: ValueCase,
  index: number,
): { value: unknown; answer: 'positive-data-accepted' | 'negative-data-rejected' | 'no-server-error' } | undefined {
  const { verify } = input;
  if (verify === undefined)
    return { value: c.value, answer: c.valid ? 'positive-data-accepted' : 'negative-data-rejected' };
  const lost = input.lost?.(c.value) !== undefined;
  if (!c.valid) {
    if (lost) return undefined;
    // A wrong check digit breaks a convention the schema cannot say: ajv accepting it changes nothing.
    return {
      value: c.value,
      answer:
        verify(c.value) === true && !breaksConvention(input.schema, c.value)
          ? 'no-server-error'
          : 'negative-data-rejected',
    };
  }
  const verdict = verify(c.value);
  if (verdict === true) return { value: c.value, answer: 'positive-data-accepted' };
  const drawn = drawVerified(input.schema, verify, COVERAGE_SEED, input.known);
  if ('value' in drawn) return index === 0 ? { value: drawn.value, answer: 'positive-data-accepted' } : undefined;
  context.refused?.(op, input, `${c.constraint}: ${verdict}`);
  return lost ? undefined : { value: c.value, answer: 'no-server-error' };
}

/** The seed of the draws that replace a coverage phase's valid value ajv refuses. */
const COVERAGE_SEED = 42;

/** The coverage phase's requests for one operation, tagged with what their answers must be. */
export function coverageRequests(
  context: Pick<PhaseContext, 'server' | 'credentials'> & Partial<Pick<PhaseContext, 'refused'>>,
  { op, inputs }: PhaseOperation,
): Array<TaggedRequest & { input?: string; exercises?: string }> {
  const base = baseValues(inputs);
  const requests: Array<TaggedRequest & { input?: string; exercises?: string }> = [];
  const request = (values: Record<string, unknown>, headers?: Record<string, string>) =>
    buildRequest(context.server, op, inputs, values, headers ?? context.credentials.full);
  // A request carrying a base value ajv refuses is not sent as known valid (the phase said so once).
  const baseRefused = inputs.some((input) => input.present && input.baseRefused !== undefined);
  for (const input of inputs) {
    const cases = coverageCases(input.schema).slice(0, MAX_CASES_PER_INPUT);
    for (const [index, c] of cases.entries()) {
      if (input.parameter?.in === 'path' && (c.value === '' || c.value === null)) continue;
      const constraint = `${input.key}: ${c.constraint}`;
      const checked = checkedCase(context, op, input, c, index);
      if (checked === undefined) continue;
      const { value, answer } = checked;
      const tagged: Pick<TaggedRequest, 'answer' | 'detail'> =
        answer === 'negative-data-rejected'
          ? { answer, detail: { input: input.key, constraint: c.constraint } }
          : { answer: answer === 'positive-data-accepted' && baseRefused ? 'no-server-error' : answer };
      requests.push({
        request: request({ ...base, [input.key]: value }),
        ...tagged,
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
  for (const op of context.description.operations) pushTo(byPath, op.pathKey, op);
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

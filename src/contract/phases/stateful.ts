/**
 * The stateful phase: for each `link` of the description, the answer the examples phase got from
 * the link's source operation feeds the link's parameters (and body) of its target, which is then
 * asked with values the description allows: its answer must be accepted like any positive case.
 */
import { BASE_PROBE } from '../probes/index.js';
import type { HttpResponse } from '../http.js';
import { evaluateExpression, linkSteps, type ExchangeContext } from '../generate/links.js';
import type { ExampleExchange, PhaseContext, TaggedRequest } from './context.js';
import { baseValues, buildRequest, type Input } from './inputs.js';

export async function statefulPhase(context: PhaseContext): Promise<void> {
  const { description } = context;
  const steps = linkSteps(description.data, description.operations).filter(
    (step) => context.skipped(step.to) === undefined,
  );
  if (steps.length === 0) return;
  context.progress?.(`stateful phase: ${steps.length} link${steps.length === 1 ? '' : 's'}`);
  for (const step of steps) {
    const from = context.examples.find(
      (e) =>
        e.op === step.from &&
        e.kind === BASE_PROBE.id &&
        e.outcome.ok &&
        String(e.outcome.response.status).startsWith(step.status.slice(0, 1)),
    );
    if (!from || !from.outcome.ok) continue;
    const exchangeCtx = exchangeContext(from, from.outcome.response, context.inputsOf(step.from));
    const inputs = context.inputsOf(step.to);
    const values = baseValues(inputs);
    let complete = true;
    for (const [name, expression] of Object.entries(step.parameters)) {
      const value = evaluateExpression(expression, exchangeCtx);
      if (value === undefined) {
        complete = false;
        break;
      }
      const [location, bare] = name.includes('.')
        ? [name.slice(0, name.indexOf('.')), name.slice(name.indexOf('.') + 1)]
        : [undefined, name];
      const input = inputs.find(
        (candidate) =>
          candidate.parameter?.name === bare && (location === undefined || candidate.parameter.in === location),
      );
      if (input) values[input.key] = value;
    }
    if (step.requestBody !== undefined) {
      const body = evaluateExpression(step.requestBody, exchangeCtx);
      if (body !== undefined) values.body = body;
    }
    if (!complete) continue;
    const tagged: TaggedRequest = {
      request: buildRequest(context.server, step.to, inputs, values, context.credentials.full),
      answer: 'positive-data-accepted',
      constraint: `link ${step.name}`,
    };
    const verdict = await context.exchange(step.to, 'stateful', tagged);
    if (verdict) context.report(step.to, 'stateful', tagged, verdict);
  }
}

/** The example's request and answer as a link's runtime expressions read them. */
function exchangeContext(example: ExampleExchange, response: HttpResponse, inputs: readonly Input[]): ExchangeContext {
  const path: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  for (const input of inputs) {
    if (input.parameter?.in === 'path') path[input.parameter.name] = input.base;
    if (input.parameter?.in === 'query') {
      const value = example.url.searchParams.get(input.parameter.name);
      if (value !== null) query[input.parameter.name] = value;
    }
  }
  let body: unknown;
  try {
    body = response.body ? JSON.parse(response.body) : undefined;
  } catch {
    // Not JSON: the body is kept as text.
    body = response.body;
  }
  let requestBody: unknown;
  try {
    requestBody = example.body !== undefined ? JSON.parse(example.body) : undefined;
  } catch {
    // Not JSON: the example is kept as text.
    requestBody = example.body;
  }
  return {
    url: example.url.href,
    method: example.method,
    request: { path, query, headers: example.headers, ...(requestBody !== undefined ? { body: requestBody } : {}) },
    response: {
      status: response.status,
      headers: Object.fromEntries(response.headers.entries()),
      ...(body !== undefined ? { body } : {}),
    },
  };
}

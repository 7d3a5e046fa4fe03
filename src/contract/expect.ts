/**
 * What each planned request expects, checked on the answer it got: the probe that planned it
 * (probes/<kind>.ts) judges the answer. The response checks (validate/) run on every answer besides.
 */
import type { Finding } from '../report/finding.js';
import type { HttpResponse } from './http.js';
import { probeById, type PlannedRequest } from './probes/index.js';
import type { ExpectationContext } from './probes/probe.js';

export type { ExpectationContext } from './probes/probe.js';

/** Findings when the answer is not what the request's probe expects. */
export function checkExpectation(ctx: ExpectationContext, planned: PlannedRequest, response: HttpResponse): Finding[] {
  return probeById(planned.kind).expect(ctx, planned, response);
}

/** The probe's advice on the answer, given after the response checks. */
export function expectationAdvice(ctx: ExpectationContext, planned: PlannedRequest, response: HttpResponse): Finding[] {
  return probeById(planned.kind).advise?.(ctx, planned, response) ?? [];
}

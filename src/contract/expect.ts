/**
 * What each planned request expects, checked on the answer it got: the answer check its probe
 * names (answers/) judges the answer. The response checks (validate/) run on every answer besides.
 */
import type { Finding } from '../report/finding.js';
import { checkAnswer, type AnswerRequest } from './answers/index.js';
import { statusOnly } from './causes.js';
import { contractFinding } from './finding.js';
import type { HttpResponse } from './http.js';
import { probeById, type PlannedRequest } from './probes/index.js';
import type { ExpectationContext } from './probes/probe.js';

export type { ExpectationContext } from './probes/probe.js';

/** The request as the answer checks are told of it. */
export function answerRequest(ctx: ExpectationContext, planned: PlannedRequest): AnswerRequest {
  return {
    op: ctx.op,
    label: ctx.exchange,
    hasCredentials: ctx.hasCredentials,
    ...(planned.built !== undefined ? { built: planned.built } : {}),
    ...(planned.identifier ? { identifier: planned.identifier } : {}),
  };
}

/** Findings when the answer is not what the request's probe expects. */
export function checkExpectation(ctx: ExpectationContext, planned: PlannedRequest, response: HttpResponse): Finding[] {
  const verdict = checkAnswer(probeById(planned.kind).answer, answerRequest(ctx, planned), response);
  if (!verdict) return [];
  const finding = contractFinding(verdict.rule, ctx.description.displayPath, {
    op: ctx.op,
    message: verdict.message,
    request: ctx.request,
    ...(verdict.severity ? { severity: verdict.severity } : {}),
  });
  return [verdict.statusOnly ? statusOnly(finding) : finding];
}

/** The probe's advice on the answer, given after the response checks. */
export function expectationAdvice(ctx: ExpectationContext, planned: PlannedRequest, response: HttpResponse): Finding[] {
  return probeById(planned.kind).advise?.(ctx, planned, response) ?? [];
}

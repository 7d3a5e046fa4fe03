/**
 * The answer checks, one file each: what the answer to a deliberate request must be. A probe names
 * the check its request's answer must pass; each generated case is tagged with one. A new check is
 * a new file in this folder (`defineAnswerCheck`) and one line here.
 */
import type { HttpResponse } from '../http.js';
import type { ContractRuleId } from '../rules.js';
import authRequired401 from './auth-required-401.js';
import type { AnswerCheck, AnswerRequest, Verdict } from './check.js';
import exampleSucceeds from './example-succeeds.js';
import forgedToken401 from './forged-token-401.js';
import invalidInput400 from './invalid-input-400.js';
import missingRequiredInput from './missing-required-input.js';
import negativeDataRejected from './negative-data-rejected.js';
import notFound204 from './not-found-204.js';
import positiveDataAccepted from './positive-data-accepted.js';
import scopeRequired403 from './scope-required-403.js';
import undocumentedMethod405 from './undocumented-method-405.js';

export const ANSWER_CHECKS = [
  exampleSucceeds,
  notFound204,
  invalidInput400,
  authRequired401,
  scopeRequired403,
  positiveDataAccepted,
  negativeDataRejected,
  missingRequiredInput,
  forgedToken401,
  undocumentedMethod405,
] as const;

export type AnswerCheckId = (typeof ANSWER_CHECKS)[number]['id'];

const BY_ID: ReadonlyMap<string, AnswerCheck> = new Map(ANSWER_CHECKS.map((check) => [check.id, check]));

export function answerCheck(id: AnswerCheckId): AnswerCheck {
  const check = BY_ID.get(id);
  if (!check) throw new Error(`vottur: no answer check "${id}"`);
  return check;
}

/** What is wrong with the answer to a request tagged with `id`; undefined when it is right. */
export function checkAnswer(id: AnswerCheckId, request: AnswerRequest, answer: HttpResponse): Verdict | undefined {
  return answerCheck(id).check(request, answer);
}

/** The rules a check reports under: they ran when it judged an answer. */
export function answerCheckRules(id: AnswerCheckId): readonly ContractRuleId[] {
  return answerCheck(id).rules;
}

export type { AnswerRequest, Verdict } from './check.js';

/**
 * The answer checks, one file each: what the answer to a deliberate request must be. A probe names
 * the check its request's answer must pass; each generated case is tagged with one. A new check is
 * a new file in this folder (`defineAnswerCheck`); the generated index (generated-index.ts,
 * `npm run indexes`) finds it.
 */
import type { HttpResponse } from '../http.js';
import type { ContractRuleId } from '../rules.js';
import type { AnswerCheck, AnswerRequest, Verdict } from './check.js';
import { ANSWER_CHECKS } from './generated-index.js';

export { ANSWER_CHECKS };

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

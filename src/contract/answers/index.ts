/**
 * The answer checks, one file each: what the answer to a deliberate request must be. A probe names
 * the check its request's answer must pass; each generated case is tagged with one. A new check is
 * a new file in this folder (`defineAnswerCheck`); the generated index (generated-index.ts,
 * `npm run indexes`) finds it.
 */
import type { HttpResponse } from '../http.js';
import type { ContractRuleId } from '../rules.js';
import { serverErrorVerdict, type AnswerCheck, type AnswerRequest, type Verdict } from './check.js';
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
/**
 * A 5xx is a server error whatever request met it — a probe's, the example's, a generated one —
 * and is judged so before the check's own expectation: one precedence everywhere, so the same
 * kind of answer never leads as `contract-auth-required` on one operation and as
 * `contract-problem-details` on another.
 */
export function checkAnswer(
  id: AnswerCheckId,
  request: AnswerRequest,
  answer: HttpResponse,
  /** What the request tested, in words (`credentials: left out`), for the server error's message. */
  what?: string,
): Verdict | undefined {
  const verdict = answerCheck(id).check(request, answer);
  if (verdict?.rule === 'contract-server-error') return verdict;
  return serverErrorVerdict(request, answer, request.constraint ?? what ?? `the ${id} check`) ?? verdict;
}

/** The rules a check reports under: they ran when it judged an answer (a 5xx is always a server error). */
export function answerCheckRules(id: AnswerCheckId): readonly ContractRuleId[] {
  const rules = answerCheck(id).rules;
  return rules.includes('contract-server-error') ? rules : ['contract-server-error', ...rules];
}

export type { AnswerRequest, Verdict } from './check.js';

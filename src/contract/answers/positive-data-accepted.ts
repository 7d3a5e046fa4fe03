/**
 * A generated request whose every value the description allows is not refused as bad input, nor
 * answered 5xx. A refusal whose Problem Details name a business rule (a `type` of its own, not a
 * validation error) may be right — the values break a rule the description cannot express, such
 * as "no relation between these two people" — so it is a warning for review, not an error.
 */
import { defineAnswerCheck, serverErrorVerdict } from './check.js';
import type { HttpResponse } from '../http.js';

export default defineAnswerCheck({
  id: 'positive-data-accepted',
  rules: ['contract-server-error', 'contract-positive-data-accepted'],
  check(request, answer) {
    const status = answer.status;
    const serverError = serverErrorVerdict(request, answer, 'values the description allows');
    if (serverError) return serverError;
    if (status === 400 || status === 422) {
      const rule = businessRule(answer);
      if (rule !== undefined) {
        return {
          rule: 'contract-positive-data-accepted',
          severity: 'warn',
          message: `${request.label} (${request.phase} phase) answered ${status} with Problem Details naming a business rule (${rule}), though every value it sends is one the description allows; needs review: if the rule is right, document it in the description, and give values that satisfy it in --data or the examples`,
        };
      }
      return {
        rule: 'contract-positive-data-accepted',
        message: `${request.label} (${request.phase} phase) answered ${status}, though every value it sends is one the description allows; accept it, or document the constraint that refuses it`,
      };
    }
    return undefined;
  },
});

/** Words of a Problem Details `type` or `title` that say the input was malformed, not that a rule refused it. */
const VALIDATION =
  /valid|schema|constraint|malformed|format|bad[-_ ]?request|parameter|required|parse|syntax|type[-_ ]?mismatch/i;
/** Members that list the inputs at fault (RFC 9457's example `invalid-params`, and common variants). */
const INPUT_MEMBERS = ['invalid-params', 'invalidParams', 'errors', 'violations', 'fieldErrors'];

/** The business rule a Problem Details answer names (`type`, and `title` when given); undefined when it reads as a validation error. */
export function businessRule(answer: HttpResponse): string | undefined {
  if (!/^application\/problem\+json\b/i.test(answer.headers.get('content-type') ?? '')) return undefined;
  let problem: unknown;
  try {
    problem = JSON.parse(answer.body);
  } catch {
    // Not a JSON body: no problem details to read.
    return undefined;
  }
  if (typeof problem !== 'object' || problem === null || Array.isArray(problem)) return undefined;
  const fields = problem as Record<string, unknown>;
  const type = typeof fields.type === 'string' ? fields.type : undefined;
  const title = typeof fields.title === 'string' ? fields.title : undefined;
  if (type === undefined || type === '' || type === 'about:blank') return undefined;
  if (INPUT_MEMBERS.some((member) => member in fields)) return undefined;
  if (VALIDATION.test(type) || (title !== undefined && VALIDATION.test(title))) return undefined;
  return title !== undefined ? `\`${type}\`: ${title}` : `\`${type}\``;
}

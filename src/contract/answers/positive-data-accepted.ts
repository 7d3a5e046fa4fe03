/** A generated request whose every value the description allows is not refused as bad input, nor answered 5xx. */
import { defineAnswerCheck, serverErrorVerdict } from './check.js';

export default defineAnswerCheck({
  id: 'positive-data-accepted',
  rules: ['contract-server-error', 'contract-positive-data-accepted'],
  check(request, answer) {
    const status = answer.status;
    const serverError = serverErrorVerdict(request, answer, 'values the description allows');
    if (serverError) return serverError;
    if (status === 400 || status === 422) {
      return { rule: 'contract-positive-data-accepted', message: `${request.label} (${request.phase} phase) answered ${status}, though every value it sends is one the description allows; accept it, or document the constraint that refuses it` };
    }
    return undefined;
  },
});

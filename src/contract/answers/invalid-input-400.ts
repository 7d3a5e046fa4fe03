/** A malformed identifier is answered 400 (bad input is never a 5xx, and never served). */
import { defineAnswerCheck, identifierWords, isSuccess } from './check.js';

export default defineAnswerCheck({
  id: 'invalid-input-400',
  rules: ['contract-server-error', 'contract-invalid-input-400'],
  check(request, answer) {
    const status = answer.status;
    if (status === 400) return undefined;
    const identifier = identifierWords(request);
    if (status >= 500)
      return {
        rule: 'contract-server-error',
        message: `${request.label} answered ${status} to a malformed ${identifier}; bad input must never cause a 5xx: answer 400 with Problem Details`,
      };
    const why = isSuccess(status) ? ', so the server did not validate it' : '';
    return {
      rule: 'contract-invalid-input-400',
      message: `${request.label} answered ${status} to a malformed ${identifier}${why}; expected 400 with Problem Details`,
    };
  },
});

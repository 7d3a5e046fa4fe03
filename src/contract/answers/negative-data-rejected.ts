/** A generated request with a value that breaks one constraint is refused (4xx), never served, never a 5xx. */
import { defineAnswerCheck, serverErrorVerdict } from './check.js';

export default defineAnswerCheck({
  id: 'negative-data-rejected',
  rules: ['contract-server-error', 'contract-negative-data-rejected'],
  check(request, answer) {
    const serverError = serverErrorVerdict(request, answer, `an invalid ${request.input}: ${request.constraint}`);
    if (serverError) return serverError;
    if (answer.status < 400) {
      return {
        rule: 'contract-negative-data-rejected',
        message: `${request.label} (${request.phase} phase) answered ${answer.status} to an invalid ${request.input} (${request.constraint}); the server must refuse it with 400 Problem Details`,
      };
    }
    return undefined;
  },
});

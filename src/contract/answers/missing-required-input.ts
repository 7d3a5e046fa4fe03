/** A generated request without a required input is refused (4xx), never served, never a 5xx. */
import { defineAnswerCheck, serverErrorVerdict } from './check.js';

export default defineAnswerCheck({
  id: 'missing-required-input',
  rules: ['contract-server-error', 'contract-missing-required-input'],
  check(request, answer) {
    const serverError = serverErrorVerdict(request, answer, `no ${request.input}`);
    if (serverError) return serverError;
    if (answer.status < 400) {
      return {
        rule: 'contract-missing-required-input',
        message: `${request.label} (${request.phase} phase) answered ${answer.status} without the required ${request.input}; the server must refuse it with 400 Problem Details`,
      };
    }
    return undefined;
  },
});

/** A forged token (garbage, unsigned `alg: none`, a broken signature) is answered 401, never served. */
import { defineAnswerCheck, serverErrorVerdict } from './check.js';

export default defineAnswerCheck({
  id: 'forged-token-401',
  rules: ['contract-server-error', 'contract-ignored-auth'],
  check(request, answer) {
    const status = answer.status;
    const serverError = serverErrorVerdict(request, answer, `a forged token (${request.token})`);
    if (serverError) return serverError;
    if (status === 401) return undefined;
    if (status < 400)
      return {
        rule: 'contract-ignored-auth',
        message: `${request.label} answered ${status} to a forged token (${request.token}); the server must check every token and answer 401`,
      };
    if (status === 403)
      return {
        rule: 'contract-ignored-auth',
        message: `${request.label} answered 403 to a forged token (${request.token}); a token that is not valid is answered 401 (403 is for a valid token without the permission)`,
      };
    return undefined;
  },
});

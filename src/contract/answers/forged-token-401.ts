/**
 * A forged credential — for a bearer-token scheme a garbage, an unsigned `alg: none` or a
 * re-signed token; for an API key a wrong key; for basic wrong credentials — is answered 401,
 * never served.
 */
import { defineAnswerCheck, serverErrorVerdict } from './check.js';

export default defineAnswerCheck({
  id: 'forged-token-401',
  rules: ['contract-server-error', 'contract-ignored-auth'],
  check(request, answer) {
    const status = answer.status;
    const forged =
      request.credential === 'apiKey' || request.credential === 'basic'
        ? String(request.token)
        : `a forged token (${request.token})`;
    const serverError = serverErrorVerdict(request, answer, forged);
    if (serverError) return serverError;
    if (status === 401) return undefined;
    const what = request.credential === 'apiKey' ? 'key' : request.credential === 'basic' ? 'credential' : 'token';
    if (status < 400)
      return {
        rule: 'contract-ignored-auth',
        message: `${request.label} answered ${status} to ${forged}; the server must check every ${what} and answer 401`,
      };
    if (status === 403)
      return {
        rule: 'contract-ignored-auth',
        message: `${request.label} answered 403 to ${forged}; a ${what} that is not valid is answered 401 (403 is for a valid ${what} without the permission)`,
      };
    return undefined;
  },
});

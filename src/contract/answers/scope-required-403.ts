/** A valid token without the operation's scope is answered 403 (the caller is authenticated, only not permitted). */
import { defineAnswerCheck, isSuccess } from './check.js';

export default defineAnswerCheck({
  id: 'scope-required-403',
  rules: ['contract-auth-required'],
  check(request, answer) {
    const status = answer.status;
    if (status === 403) return undefined;
    const scopes = request.op.scopes.join(' ');
    if (isSuccess(status))
      return {
        rule: 'contract-auth-required',
        message: `${request.label} answered ${status} to a token without the scope ${scopes}; it must answer 403 with Problem Details`,
      };
    if (status === 401)
      return {
        rule: 'contract-auth-required',
        message: `${request.label} answered 401 to a valid token without the scope ${scopes}; expected 403 (the caller is authenticated, only not permitted)`,
      };
    return {
      rule: 'contract-auth-required',
      message: `${request.label} answered ${status} to a token without the scope ${scopes}; expected 403 with Problem Details`,
    };
  },
});

/** A secured operation asked without credentials answers 401 (403 means authenticated but not permitted). */
import { defineAnswerCheck, isSuccess } from './check.js';

export default defineAnswerCheck({
  id: 'auth-required-401',
  rules: ['contract-auth-required'],
  check(request, answer) {
    const status = answer.status;
    if (status === 401) return undefined;
    if (isSuccess(status))
      return {
        rule: 'contract-auth-required',
        message: `${request.label} answered ${status} without credentials, though ${request.op.label} declares security; it must answer 401 with Problem Details`,
      };
    if (status === 403)
      return {
        rule: 'contract-auth-required',
        message: `${request.label} answered 403 without credentials; expected 401 (403 means authenticated but not permitted)`,
      };
    return {
      rule: 'contract-auth-required',
      message: `${request.label} answered ${status} without credentials; expected 401 with Problem Details`,
      statusOnly: true,
    };
  },
});

/**
 * The request built from the examples without credentials, for an operation whose security needs
 * them → 401 with Problem Details (403 means authenticated but not permitted).
 */
import { answerFinding, defineProbe, isSuccess } from './probe.js';

const rule = 'contract-auth-required';

export default defineProbe({
  id: 'noAuth',
  name: 'the probe without credentials',
  expectation: '401 with Problem Details',
  rule,
  plan(context) {
    return { requests: context.op.secured ? [context.request(context.values, 'none')] : [] };
  },
  expect(context, _planned, response) {
    const status = response.status;
    if (status === 401) return [];
    if (isSuccess(status)) return answerFinding(context, rule, `${context.exchange} answered ${status} without credentials, though ${context.op.label} declares security; it must answer 401 with Problem Details`);
    if (status === 403) return answerFinding(context, rule, `${context.exchange} answered 403 without credentials; expected 401 (403 means authenticated but not permitted)`);
    return answerFinding(context, rule, `${context.exchange} answered ${status} without credentials; expected 401 with Problem Details`);
  },
  dredd: {
    standsFor: (status) => status === 401,
    whenNotSent: (op) => (op.secured ? 'no request without credentials was planned' : 'the operation declares no security, so nothing can cause a 401'),
  },
});

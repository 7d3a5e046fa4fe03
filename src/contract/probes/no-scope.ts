/**
 * The request built from the examples with a valid token that lacks the operation's scope, for an
 * operation whose security names OAuth 2.0 / OpenID Connect scopes → 403 with Problem Details (the
 * caller is authenticated, only not permitted).
 */
import { answerFinding, defineProbe, isSuccess } from './probe.js';

const rule = 'contract-auth-required';

export default defineProbe({
  id: 'noScope',
  name: 'the probe with a token without the scope',
  expectation: '403 with Problem Details',
  rule,
  plan(context) {
    const { op } = context;
    return { requests: op.secured && op.scopes.length > 0 ? [context.request(context.values, 'noScope')] : [] };
  },
  expect(context, _planned, response) {
    const status = response.status;
    if (status === 403) return [];
    const scopes = context.op.scopes.join(' ');
    if (isSuccess(status)) return answerFinding(context, rule, `${context.exchange} answered ${status} to a token without the scope ${scopes}; it must answer 403 with Problem Details`);
    if (status === 401) return answerFinding(context, rule, `${context.exchange} answered 401 to a valid token without the scope ${scopes}; expected 403 (the caller is authenticated, only not permitted)`);
    return answerFinding(context, rule, `${context.exchange} answered ${status} to a token without the scope ${scopes}; expected 403 with Problem Details`);
  },
  dredd: {
    standsFor: (status) => status === 403,
    whenNotSent: (op) => (op.scopes.length === 0 ? 'the operation declares no scope, so vottur cannot cause a 403' : 'no token without the scope could be obtained (see contract-probe-skipped)'),
  },
});

/**
 * The request built from the examples with a valid token that lacks the operation's scope, for an
 * operation whose security names OAuth 2.0 / OpenID Connect scopes → 403 with Problem Details (the
 * caller is authenticated, only not permitted).
 */
import { defineProbe } from './probe.js';

const rule = 'contract-auth-required';

export default defineProbe({
  id: 'noScope',
  order: 5,
  name: 'the probe with a token without the scope',
  expectation: '403 with Problem Details',
  rule,
  answer: 'scope-required-403',
  plan(context) {
    const { op } = context;
    // Only where every alternative needs a token: another alternative (an API key) would rightly be served.
    const tokenEverywhere = op.security.every((alternative) => alternative.some((scheme) => scheme.kind === 'bearer'));
    return {
      requests:
        op.secured && op.scopes.length > 0 && tokenEverywhere ? [context.request(context.values, 'noScope')] : [],
    };
  },
  dredd: {
    standsFor: (status) => status === 403,
    whenNotSent: (op) =>
      op.scopes.length === 0
        ? 'the operation declares no scope, so vottur cannot cause a 403'
        : 'no token without the scope could be obtained (see contract-probe-skipped)',
  },
});

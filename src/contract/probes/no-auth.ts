/**
 * The request built from the examples without credentials, for an operation whose security needs
 * them → 401 with Problem Details (403 means authenticated but not permitted).
 */
import { defineProbe } from './probe.js';

const rule = 'contract-auth-required';

export default defineProbe({
  id: 'noAuth',
  order: 4,
  name: 'the probe without credentials',
  expectation: '401 with Problem Details',
  rule,
  answer: 'auth-required-401',
  plan(context) {
    return { requests: context.op.secured ? [context.request(context.values, 'none')] : [] };
  },
  dredd: {
    standsFor: (status) => status === 401,
    whenNotSent: (op) =>
      op.secured
        ? 'no request without credentials was planned'
        : 'the operation declares no security, so nothing can cause a 401',
  },
});

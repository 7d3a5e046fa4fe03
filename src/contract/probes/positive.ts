/**
 * The request built from the description's examples (or `--data … positive`), sent with all the
 * credentials given: it must succeed with a documented 2xx. Every other probe starts from its values.
 */
import { contractFinding } from '../finding.js';
import { dataKey } from '../data.js';
import { successStatuses } from '../description.js';
import { defineProbe, isSuccess } from './probe.js';

const rule = 'contract-example-succeeds';

export default defineProbe({
  id: 'positive',
  order: 1,
  name: 'the request built from the examples',
  expectation: 'a documented 2xx',
  rule,
  answer: 'example-succeeds',
  plan(context) {
    return { requests: [context.request(context.values, 'full')] };
  },
  advise(context, planned, response) {
    // A 204 says the example does not exist on this server: the success body went unchecked.
    const bodied = context.op.responses.filter(
      (r) => /^2/.test(r.status) && r.status !== '204' && Object.keys(r.content).length > 0,
    );
    if (response.status !== 204 || bodied.length === 0) return [];
    return [
      contractFinding(rule, context.description.displayPath, {
        op: context.op,
        request: context.request,
        severity: 'info',
        message: `${context.exchange}, built from ${planned.built ?? "the description's examples"}, answered 204: the example does not exist on this server, so the ${bodied.map((r) => r.status).join('/')} body was not checked; give values that exist in --data under ${dataKey(context.op)}.positive`,
      }),
    ];
  },
  dredd: {
    // Every documented 2xx, except a 204 beside another success: that one is the not-found probe's.
    standsFor: (status, op) => isSuccess(status) && !(status === 204 && successStatuses(op).some((s) => s !== 204)),
    whenNotSent: (op) => `no request could be built for ${op.label} (see contract-missing-example)`,
    unfit(status, op, outcome) {
      if (status === 204 || !outcome.ok || outcome.response.status !== 204) return undefined;
      return `the example answered 204 (it does not exist on this server); give one that does in --data under ${dataKey(op)}.positive`;
    },
  },
});

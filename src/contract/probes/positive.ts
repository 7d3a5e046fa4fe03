/**
 * The request built from the description's examples (or `--data … positive`), sent with all the
 * credentials given: it must succeed with a documented 2xx. Every other probe starts from its values.
 */
import { contractFinding } from '../finding.js';
import { dataKey } from '../data.js';
import { successStatuses } from '../description.js';
import { answerFinding, defineProbe, isSuccess, type ExpectationContext } from './probe.js';

const rule = 'contract-example-succeeds';

export default defineProbe({
  id: 'positive',
  name: 'the request built from the examples',
  expectation: 'a documented 2xx',
  rule,
  plan(context) {
    return { requests: [context.request(context.values, 'full')] };
  },
  expect(context, _planned, response) {
    const status = response.status;
    if (isSuccess(status)) return [];
    const documented = successStatuses(context.op);
    const expected = documented.length ? documented.join(' or ') : 'a 2xx';
    return answerFinding(context, rule, `${context.exchange}, built from the description's examples, answered ${status}; expected ${expected}${hint(context, status)}`);
  },
  advise(context, _planned, response) {
    // A 204 says the example does not exist on this server: the success body went unchecked.
    const bodied = context.op.responses.filter((r) => /^2/.test(r.status) && r.status !== '204' && Object.keys(r.content).length > 0);
    if (response.status !== 204 || bodied.length === 0) return [];
    return [
      contractFinding(rule, context.description.displayPath, {
        op: context.op,
        request: context.request,
        severity: 'info',
        message: `${context.exchange}, built from the description's examples, answered 204: the example does not exist on this server, so the ${bodied.map((r) => r.status).join('/')} body was not checked; give values that exist in --data under ${dataKey(context.op)}.positive`,
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

function hint(context: ExpectationContext, status: number): string {
  if (status === 401) {
    return context.hasCredentials
      ? '; the credentials given were not accepted'
      : '; give credentials with --bearer, --header or --token-url/--client-id/--client-secret';
  }
  if (status === 403) return '; the credentials given do not permit this operation (check the scope and the access granted to the client)';
  if (status === 404 || status === 400 || status === 422) return `; if the example values do not exist on this server, give ones that do in --data under ${dataKey(context.op)}.positive`;
  return '';
}

/** The request built from the examples (or `--data … positive`) succeeds with a documented 2xx. */
import { dataKey } from '../data.js';
import { successStatuses } from '../description.js';
import { defineAnswerCheck, isSuccess, type AnswerRequest } from './check.js';

export default defineAnswerCheck({
  id: 'example-succeeds',
  rules: ['contract-example-succeeds'],
  check(request, answer) {
    const status = answer.status;
    if (isSuccess(status)) return undefined;
    const documented = successStatuses(request.op);
    const expected = documented.length ? documented.join(' or ') : 'a 2xx';
    return {
      rule: 'contract-example-succeeds',
      message: `${request.label}, built from ${request.built ?? "the description's examples"}, answered ${status}; expected ${expected}${hint(request, status)}`,
    };
  },
});

function hint(request: AnswerRequest, status: number): string {
  if (status === 401) {
    return request.hasCredentials
      ? '; the credentials given were not accepted'
      : '; give credentials with --bearer, --header or --token-url/--client-id/--client-secret';
  }
  if (status === 403)
    return '; the credentials given do not permit this operation (check the scope and the access granted to the client)';
  if (status === 404 || status === 400 || status === 422)
    return `; if the example values do not exist on this server, give ones that do in --data under ${dataKey(request.op)}.positive`;
  return '';
}

import { defineRule, show, type Problem } from '../lib/rule.js';
import { isObject } from '../lib/openapi/types.js';
import { operations, requiresSecurity, statusClass, type OperationInfo } from '../lib/openapi/views.js';

function label(op: OperationInfo): string {
  return `${op.method.toUpperCase()} ${op.pathKey}`;
}

const SUGGESTION =
  "e.g. `'400'` for a bad request and `'500'` for an unexpected failure, each with an `application/problem+json` body";

export default defineRule({
  id: 'platform-response-errors',
  severity: 'error',
  category: 'errors',
  source: { document: 'seed', section: 'Documentation requirements 4' },
  description: 'Every operation documents at least one error response: a 4xx or 5xx status, `4XX`/`5XX`, or `default`.',
  check(document) {
    const problems: Problem[] = [];
    for (const op of operations(document)) {
      // OPTIONS (CORS preflight, `Allow`) is HTTP plumbing answered by the server or gateway, not an API operation with its own errors.
      if (op.method === 'options') continue;
      const list = op.operation.responses;
      if (!isObject(list)) {
        problems.push({
          message: `\`${label(op)}\` has no \`responses\`; document the errors it answers with, ${SUGGESTION}.`,
          path: op.path,
        });
        continue;
      }
      const statuses = Object.keys(list).filter((status) => !status.startsWith('x-'));
      if (statuses.some((status) => ['4', '5', 'default'].includes(statusClass(status) ?? ''))) continue;
      const found = statuses.length > 0 ? `only ${statuses.map((status) => show(status)).join(', ')}` : 'none';
      // platform-response-auth-errors stays silent on such an operation: its 401 and 403 are named here.
      const auth = requiresSecurity(document, op)
        ? "; it requires authentication, so `'401'` (no valid token) and `'403'` (no access) too"
        : '';
      problems.push({
        message: `\`${label(op)}\` documents no error response (${found}); document the errors it answers with, ${SUGGESTION}${auth}.`,
        path: [...op.path, 'responses'],
      });
    }
    return problems;
  },
});

import { defineRule, type Problem } from '../lib/rule.js';
import { isObject } from '../lib/openapi/types.js';
import { effectiveSecurity, operations, requiresSecurity, type OperationInfo } from '../lib/openapi/views.js';

function label(op: OperationInfo): string {
  return `${op.method.toUpperCase()} ${op.pathKey}`;
}

const MEANING: Record<'401' | '403', string> = {
  '401': 'the answer when no valid access token is sent',
  '403': 'the answer when the token is valid but does not grant access (e.g. lacks the scope)',
};

export default defineRule({
  id: 'platform-response-auth-errors',
  severity: 'warn',
  category: 'security',
  source: { document: 'design guide', section: 'rest-response.md' },
  description: 'An operation that requires authentication documents 401 and 403 (or `4XX`).',
  check(document) {
    const problems: Problem[] = [];
    for (const op of operations(document)) {
      // OPTIONS (CORS preflight, `Allow`) is HTTP plumbing answered by the server or gateway: every error-response rule skips it alike.
      if (op.method === 'options' || !requiresSecurity(document, op)) continue;
      const list = op.operation.responses;
      const statuses = isObject(list) ? Object.keys(list).map((status) => status.toUpperCase()) : [];
      if (statuses.includes('4XX')) continue;
      // No error response at all is one cause, reported once by platform-response-errors (whose
      // message names 401 and 403 for a secured operation), not three times.
      if (!statuses.some((status) => /^[45]/.test(status) || status === 'DEFAULT')) continue;
      const schemes = [
        ...new Set(
          (effectiveSecurity(document, op) ?? []).flatMap((requirement) =>
            isObject(requirement) ? Object.keys(requirement) : [],
          ),
        ),
      ];
      const by =
        schemes.length > 0
          ? `requires authentication (${schemes.map((name) => `\`${name}\``).join(' or ')})`
          : 'requires authentication';
      for (const status of ['401', '403'] as const) {
        if (statuses.includes(status)) continue;
        problems.push({
          message: `\`${label(op)}\` ${by} but documents no ${status} response; add \`'${status}'\`, ${MEANING[status]}, with an \`application/problem+json\` body.`,
          path: isObject(list) ? [...op.path, 'responses'] : op.path,
        });
      }
    }
    return problems;
  },
});

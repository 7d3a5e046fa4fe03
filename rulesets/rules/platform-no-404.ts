import { defineRule, type Problem } from '../lib/rule.js';
import { isObject } from '../lib/openapi/types.js';
import { operations } from '../lib/openapi/views.js';

export default defineRule({
  id: 'platform-no-404',
  severity: 'error',
  category: 'errors',
  source: { document: 'seed', section: 'Method conventions 4 and Errors 4' },
  description:
    'No operation documents 404: a resource that is not found or not accessible is answered with 204 No Content.',
  check(document) {
    const problems: Problem[] = [];
    for (const op of operations(document)) {
      // OPTIONS (CORS preflight, `Allow`) is HTTP plumbing answered by the server or gateway: every error-response rule skips it alike.
      if (op.method === 'options') continue;
      const list = op.operation.responses;
      if (!isObject(list) || !Object.prototype.hasOwnProperty.call(list, '404')) continue;
      problems.push({
        message: `\`${op.method.toUpperCase()} ${op.pathKey}\` documents 404; the platform answers a missing or inaccessible resource with 204 No Content: replace the 404 response with a 204.`,
        path: [...op.path, 'responses', '404'],
      });
    }
    return problems;
  },
});

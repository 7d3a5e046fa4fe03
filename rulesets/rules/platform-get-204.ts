import { defineRule, type Problem } from '../lib/rule.js';
import { isObject } from '../lib/openapi/types.js';
import { operations } from '../lib/openapi/views.js';
import { isSingleResourcePath } from '../lib/conventions.js';

export default defineRule({
  id: 'platform-get-204',
  severity: 'warn',
  category: 'methods',
  description: 'A GET on a single resource (the path ends with a template variable or a placeholder such as `.national-id`) documents 204.',
  check(document) {
    const problems: Problem[] = [];
    for (const op of operations(document)) {
      if (op.method !== 'get' || !isSingleResourcePath(op.pathKey)) continue;
      const list = op.operation.responses;
      if (isObject(list) && Object.prototype.hasOwnProperty.call(list, '204')) continue;
      problems.push({
        message: `\`GET ${op.pathKey}\` reads a single resource but documents no 204; the platform answers a resource that does not exist or is not accessible to the caller with 204 No Content: add \`'204': { description: No such resource, or it is not accessible to the caller. }\`.`,
        path: isObject(list) ? [...op.path, 'responses'] : op.path,
      });
    }
    return problems;
  },
});

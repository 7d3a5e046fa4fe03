import { defineRule, show, type Problem } from '../lib/rule.js';
import { isObject } from '../lib/openapi/types.js';
import { operations, statusClass, type OperationInfo } from '../lib/openapi/views.js';

/** Redirects answer an operation successfully too (`POST` → `303 See Other` with `Location`). */
const REDIRECTS = new Set(['301', '302', '303', '307', '308', '3XX']);

const SUGGESTION: Record<string, string> = {
  get: "`'200'` with the body it returns",
  post: "`'201'` with the created resource (or `'200'` with the result of a custom method)",
  put: "`'200'` with the updated resource, or `'204'`",
  patch: "`'200'` with the updated resource, or `'204'`",
  delete: "`'204'`",
};

function label(op: OperationInfo): string {
  return `${op.method.toUpperCase()} ${op.pathKey}`;
}

export default defineRule({
  id: 'platform-response-success',
  severity: 'error',
  category: 'methods',
  source: { document: 'seed', section: 'Documentation requirements 4' },
  description: 'Every operation documents at least one 2xx response (`2XX` counts; so does a redirect such as `303`).',
  check(document) {
    const problems: Problem[] = [];
    for (const op of operations(document)) {
      const suggestion = SUGGESTION[op.method] ?? "`'200'`";
      const list = op.operation.responses;
      if (!isObject(list)) {
        problems.push({
          message: `\`${label(op)}\` has no \`responses\`; document its success answer, e.g. ${suggestion}.`,
          path: op.path,
        });
        continue;
      }
      const statuses = Object.keys(list).filter((status) => !status.startsWith('x-'));
      if (statuses.some((status) => statusClass(status) === '2' || REDIRECTS.has(status.toUpperCase()))) continue;
      const found = statuses.length > 0 ? `only ${statuses.map((status) => show(status)).join(', ')}` : 'none';
      problems.push({
        message: `\`${label(op)}\` documents no 2xx response (${found}); document its success answer, e.g. ${suggestion}.`,
        path: [...op.path, 'responses'],
      });
    }
    return problems;
  },
});

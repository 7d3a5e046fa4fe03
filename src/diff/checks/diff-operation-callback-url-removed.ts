import type { FixedCheck } from '../model.js';
import { callbackExpressions } from '../shared-decisions.js';

export const check = {
  id: 'diff-operation-callback-url-removed',
  class: 'breaking',
  area: 'operations',
  kind: 'structure',
  category: 'methods',
  description:
    'A callback both versions have no longer has one of its URL expressions (`{$request.body#/callbackUrl}` → `{$request.body#/notifyUrl}`): the API no longer calls the URL callers gave under the old one, so they are never called back.',
  level: 'callback',
  detect(node, context) {
    const found = callbackExpressions(node, context);
    if (!found) return;
    for (const expression of found.removed)
      context.report(
        found.path,
        [...found.basePath, expression],
        `callback ${node.name} no longer calls ${expression}${found.kept.length ? ` (it calls ${found.kept.join(', ')})` : ''}: callers that gave that URL are not called back`,
      );
  },
} as const satisfies FixedCheck;

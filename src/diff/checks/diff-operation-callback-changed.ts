import type { FixedCheck } from '../model.js';
import { callbackExpressions, namedEntryChange } from '../shared-decisions.js';

export const check = {
  id: 'diff-operation-callback-changed',
  class: 'review',
  area: 'operations',
  kind: 'structure',
  category: 'methods',
  description:
    "A callback of an operation was added, removed or changed: the requests the API makes to the caller's URL differ, so what the caller's server must accept and answer may change.",
  level: 'callback',
  detect(node, context) {
    const found = namedEntryChange(node);
    // A URL expression gone is the breaking diff-operation-callback-url-removed, which names the callback.
    if (found?.outcome === 'changed' && callbackExpressions(node, context)?.removed.length) return;
    if (found) context.report(found.path, found.basePath, `callback ${node.name} was ${found.outcome}`);
  },
} as const satisfies FixedCheck;

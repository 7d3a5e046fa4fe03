import { removedOperation } from '../shared-decisions.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-deprecated-operation-removed',
  class: 'review',
  area: 'operations',
  kind: 'lifecycle',
  category: 'methods',
  description: 'A deprecated operation was removed; check that its notice period has passed.',
  level: 'operation',
  detect(node, context) {
    const removed = removedOperation(node);
    if (removed?.outcome === 'deprecated-operation-removed')
      context.report(removed.path, removed.basePath, `deprecated operation ${node.text} was removed`);
  },
} as const satisfies FixedCheck;

import { removedOperation } from '../shared-decisions.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-operation-removed',
  class: 'breaking',
  area: 'operations',
  kind: 'existence',
  category: 'methods',
  description: 'An operation that was not deprecated was removed; callers of it get 404 or 405.',
  level: 'operation',
  detect(node, context) {
    const removed = removedOperation(node);
    if (removed?.outcome === 'operation-removed')
      context.report(
        removed.path,
        removed.basePath,
        `operation ${node.text} was removed without first being deprecated`,
      );
  },
} as const satisfies FixedCheck;

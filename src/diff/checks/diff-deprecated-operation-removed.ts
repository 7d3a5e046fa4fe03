import { removedOperation } from '../shared-decisions.js';
import { operationLifecycle, removedBeforeSunset } from '../sunset.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-deprecated-operation-removed',
  class: 'review',
  area: 'operations',
  kind: 'lifecycle',
  category: 'methods',
  description:
    'A deprecated operation was removed with no sunset announced, or after its sunset; check that its callers had six months of notice.',
  convention: { document: 'design guide', section: 'versioning.md' },
  level: 'operation',
  detect(node, context) {
    const removed = removedOperation(node);
    // Before its sunset the removal breaks callers: diff-removed-before-sunset reports it.
    if (removedBeforeSunset(operationLifecycle(node, context.base, context.revision), context.now)) return;
    if (removed?.outcome === 'deprecated-operation-removed')
      context.report(removed.path, removed.basePath, `deprecated operation ${node.text} was removed`);
  },
} as const satisfies FixedCheck;

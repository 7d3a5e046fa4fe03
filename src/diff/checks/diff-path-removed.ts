import { removedOperation } from '../shared-decisions.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-path-removed',
  class: 'breaking',
  area: 'paths',
  kind: 'existence',
  category: 'methods',
  description: 'A path was removed with all its operations; callers of it get 404.',
  level: 'operation',
  detect(node, context) {
    const removed = removedOperation(node);
    if (removed?.outcome === 'path-removed' && node.base)
      context.report(
        removed.path,
        removed.basePath,
        `path ${node.base.pathKey} was removed, and with it ${node.text}, which was not deprecated`,
      );
  },
} as const satisfies FixedCheck;

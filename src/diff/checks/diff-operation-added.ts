import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-operation-added',
  class: 'non-breaking',
  area: 'operations',
  kind: 'existence',
  category: 'methods',
  description: 'An operation was added.',
  level: 'operation',
  detect(node, context) {
    if (!node.base && node.revision)
      context.report(node.revision.path, node.basePathItem?.path ?? ['paths'], `operation ${node.text} was added`);
  },
} as const satisfies FixedCheck;

import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-response-status-added',
  class: 'review',
  area: 'responses',
  kind: 'existence',
  category: 'errors',
  description: 'A response status was added; callers may not handle it.',
  level: 'response',
  detect(node, context) {
    if (!node.base && node.revision)
      context.report(
        node.revision.path,
        [...node.operation.base, 'responses'],
        `response ${node.status} was added; callers may not handle it`,
      );
  },
} as const satisfies FixedCheck;

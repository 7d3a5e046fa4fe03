import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-body-removed',
  class: 'review',
  area: 'request-body',
  kind: 'existence',
  category: 'data-format',
  description: 'The request body was removed; callers that send one may be refused or ignored.',
  level: 'request-body',
  detect(node, context) {
    if (node.base && !node.revision)
      context.report(node.operation.revision, node.base.path, 'the request body was removed');
  },
} as const satisfies FixedCheck;

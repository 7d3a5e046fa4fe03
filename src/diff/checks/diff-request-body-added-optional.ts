import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-body-added-optional',
  class: 'non-breaking',
  area: 'request-body',
  kind: 'existence',
  category: 'data-format',
  description: 'An optional request body was added.',
  level: 'request-body',
  detect(node, context) {
    if (!node.base && node.revision && node.revision.value.required !== true)
      context.report(node.revision.path, node.operation.base, 'a optional request body was added');
  },
} as const satisfies FixedCheck;

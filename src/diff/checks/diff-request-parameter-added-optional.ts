import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-parameter-added-optional',
  class: 'non-breaking',
  area: 'parameters',
  kind: 'existence',
  category: 'data-format',
  description: 'An optional request parameter was added.',
  level: 'parameter',
  detect(node, context) {
    if (!node.base && node.revision && node.revision.parameter.required !== true)
      context.report(
        node.revision.path,
        node.operation.base,
        `optional ${node.revision.in} parameter ${node.revision.name} was added`,
      );
  },
} as const satisfies FixedCheck;

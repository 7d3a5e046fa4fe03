import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-parameter-added-required',
  class: 'breaking',
  area: 'parameters',
  kind: 'existence',
  category: 'data-format',
  description: 'A required request parameter was added; existing calls lack it.',
  level: 'parameter',
  detect(node, context) {
    if (!node.base && node.revision && node.revision.parameter.required === true)
      context.report(
        node.revision.path,
        node.operation.base,
        `required ${node.revision.in} parameter ${node.revision.name} was added`,
      );
  },
} as const satisfies FixedCheck;

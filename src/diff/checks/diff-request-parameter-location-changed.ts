import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-parameter-location-changed',
  class: 'breaking',
  area: 'parameters',
  kind: 'structure',
  category: 'data-format',
  description: 'A request parameter moved (for example from the query to a header); callers send it in the old place.',
  level: 'parameter',
  detect(node, context) {
    if (node.base && node.movedTo)
      context.report(
        [...node.movedTo.path, 'in'],
        [...node.base.path, 'in'],
        `parameter ${node.base.name} moved from the ${node.base.in} to the ${node.movedTo.in}`,
      );
  },
} as const satisfies FixedCheck;

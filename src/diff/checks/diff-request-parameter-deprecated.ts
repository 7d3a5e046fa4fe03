import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-parameter-deprecated',
  class: 'non-breaking',
  area: 'parameters',
  kind: 'lifecycle',
  category: 'data-format',
  description: 'A request parameter was marked deprecated.',
  level: 'parameter',
  detect(node, context) {
    if (
      node.base &&
      node.revision &&
      node.base.parameter.deprecated !== true &&
      node.revision.parameter.deprecated === true
    )
      context.report(
        [...node.revision.path, 'deprecated'],
        node.base.path,
        `${node.revision.in} parameter ${node.revision.name} was marked deprecated`,
      );
  },
} as const satisfies FixedCheck;

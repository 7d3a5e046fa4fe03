import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-operation-undeprecated',
  class: 'non-breaking',
  area: 'operations',
  kind: 'lifecycle',
  category: 'methods',
  description: 'An operation is no longer deprecated.',
  level: 'operation',
  detect(node, context) {
    if (
      node.base &&
      node.revision &&
      node.base.operation.deprecated === true &&
      node.revision.operation.deprecated !== true
    )
      context.report(node.revision.path, [...node.base.path, 'deprecated'], `${node.text} is no longer deprecated`);
  },
} as const satisfies FixedCheck;

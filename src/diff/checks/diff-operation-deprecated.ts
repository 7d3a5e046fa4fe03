import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-operation-deprecated',
  class: 'non-breaking',
  area: 'operations',
  kind: 'lifecycle',
  category: 'methods',
  description: 'An operation was marked deprecated; the notice period starts.',
  level: 'operation',
  detect(node, context) {
    if (
      node.base &&
      node.revision &&
      node.base.operation.deprecated !== true &&
      node.revision.operation.deprecated === true
    )
      context.report([...node.revision.path, 'deprecated'], node.base.path, `${node.text} was marked deprecated`);
  },
} as const satisfies FixedCheck;

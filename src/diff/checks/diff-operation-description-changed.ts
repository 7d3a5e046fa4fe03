import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-operation-description-changed',
  class: 'documentation',
  area: 'operations',
  kind: 'documentation',
  category: 'documentation',
  description: 'The description of an operation changed.',
  level: 'operation',
  detect(node, context) {
    if (!node.base || !node.revision) return;
    const after = node.revision.operation.description;
    if (node.base.operation.description !== after)
      context.report(
        after !== undefined ? [...node.revision.path, 'description'] : node.revision.path,
        [...node.base.path, 'description'],
        `the description of ${node.text} changed`,
      );
  },
} as const satisfies FixedCheck;

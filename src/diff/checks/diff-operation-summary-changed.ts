import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-operation-summary-changed',
  class: 'documentation',
  area: 'operations',
  kind: 'documentation',
  category: 'documentation',
  description: 'The summary of an operation changed.',
  level: 'operation',
  detect(node, context) {
    if (!node.base || !node.revision) return;
    const after = node.revision.operation.summary;
    if (node.base.operation.summary !== after)
      context.report(
        after !== undefined ? [...node.revision.path, 'summary'] : node.revision.path,
        [...node.base.path, 'summary'],
        `the summary of ${node.text} changed`,
      );
  },
} as const satisfies FixedCheck;

import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-response-header-added',
  class: 'non-breaking',
  area: 'headers',
  kind: 'existence',
  category: 'data-format',
  description: 'A response header was added.',
  level: 'header',
  detect(node, context) {
    if (!node.base && node.revision)
      context.report(node.revision.path, node.baseHeadersPath, `header ${node.name} of the ${node.label} was added`);
  },
} as const satisfies FixedCheck;

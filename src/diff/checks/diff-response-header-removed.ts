import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-response-header-removed',
  class: 'breaking',
  area: 'headers',
  kind: 'existence',
  category: 'data-format',
  description: 'A response header was removed; callers that read it miss it.',
  level: 'header',
  detect(node, context) {
    if (node.base && !node.revision)
      context.report(
        node.revisionHeadersDeclared ? node.revisionHeadersPath : node.revisionResponsePath,
        node.base.path,
        `header ${node.name} of the ${node.label} was removed`,
      );
  },
} as const satisfies FixedCheck;

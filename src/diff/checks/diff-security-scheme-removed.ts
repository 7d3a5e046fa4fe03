import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-security-scheme-removed',
  class: 'breaking',
  area: 'security',
  kind: 'existence',
  category: 'security',
  description: 'A security scheme an operation accepted was removed; callers that authenticate with it are refused.',
  level: 'security',
  detect(node, context) {
    for (const req of node.removed)
      context.report(
        node.revisionPath,
        node.basePath,
        `${node.text} no longer accepts security scheme${req.size > 1 ? 's' : ''} ${[...req.keys()].join(' + ')}`,
      );
  },
} as const satisfies FixedCheck;

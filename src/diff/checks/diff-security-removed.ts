import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-security-removed',
  class: 'review',
  area: 'security',
  kind: 'existence',
  category: 'security',
  description: 'An operation no longer requires authentication; check that this is intended.',
  level: 'security',
  detect(node, context) {
    if (!node.baseAnonymous && node.revisionAnonymous)
      context.report(node.revisionPath, node.basePath, `${node.text} no longer requires authentication`);
  },
} as const satisfies FixedCheck;

import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-security-alternative-added',
  class: 'non-breaking',
  area: 'security',
  kind: 'existence',
  category: 'security',
  description: 'An operation accepts another way of authenticating (a new alternative in `security`).',
  level: 'security',
  detect(node, context) {
    for (const req of node.added)
      context.report(
        node.revisionPath,
        node.basePath,
        `${node.text} also accepts security scheme${req.size > 1 ? 's' : ''} ${[...req.keys()].join(' + ')}`,
      );
  },
} as const satisfies FixedCheck;

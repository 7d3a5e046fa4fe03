import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-security-scheme-added',
  class: 'breaking',
  area: 'security',
  kind: 'existence',
  category: 'security',
  description: 'An operation now requires a security scheme it did not; existing callers lack those credentials.',
  level: 'security',
  detect(node, context) {
    if (node.baseAnonymous && !node.revisionAnonymous) {
      for (const name of new Set(node.revisionRequirements.flatMap((req) => [...req.keys()])))
        context.report(
          node.revisionPath,
          node.basePath,
          `${node.text} now requires security scheme ${name}; it needed none`,
        );
      return;
    }
    for (const { base, revision } of node.extended)
      for (const name of revision.keys())
        if (!base.has(name))
          context.report(node.revisionPath, node.basePath, `${node.text} now also requires security scheme ${name}`);
  },
} as const satisfies FixedCheck;

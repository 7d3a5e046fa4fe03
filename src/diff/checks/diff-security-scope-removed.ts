import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-security-scope-removed',
  class: 'non-breaking',
  area: 'security',
  kind: 'constraints',
  category: 'security',
  description: 'An operation requires fewer scopes.',
  level: 'security',
  detect(node, context) {
    for (const { base, revision } of node.matched)
      for (const [name, scopes] of base) {
        const now = revision.get(name) ?? [];
        const found = scopes.filter((scope) => !now.includes(scope));
        if (found.length)
          context.report(
            node.revisionPath,
            node.basePath,
            `${node.text} no longer requires scope${found.length > 1 ? 's' : ''} ${found.join(', ')} of ${name}`,
          );
      }
  },
} as const satisfies FixedCheck;

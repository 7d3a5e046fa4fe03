import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-security-scope-added',
  class: 'breaking',
  area: 'security',
  kind: 'constraints',
  category: 'security',
  description: 'An operation requires a scope it did not; tokens issued for the old scopes are refused.',
  level: 'security',
  detect(node, context) {
    for (const { base, revision } of node.matched)
      for (const [name, scopes] of base) {
        const now = revision.get(name) ?? [];
        const found = now.filter((scope) => !scopes.includes(scope));
        if (found.length)
          context.report(
            node.revisionPath,
            node.basePath,
            `${node.text} now requires scope${found.length > 1 ? 's' : ''} ${found.join(', ')} of ${name}`,
          );
      }
  },
} as const satisfies FixedCheck;

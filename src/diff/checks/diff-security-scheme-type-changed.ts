import { authenticationShape } from '../shared-decisions.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-security-scheme-type-changed',
  class: 'breaking',
  area: 'security',
  kind: 'type',
  category: 'security',
  description: 'A security scheme changed its type, location or flow; callers authenticate the old way.',
  level: 'security-scheme',
  detect(node, context) {
    const base = authenticationShape(node.base.value);
    const revision = authenticationShape(node.revision.value);
    if (base !== revision)
      context.report(
        node.revision.path,
        node.base.path,
        `security scheme ${node.name} changed how callers authenticate (${base} → ${revision})`,
      );
  },
} as const satisfies FixedCheck;

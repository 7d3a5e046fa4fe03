import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-path-parameter-renamed',
  class: 'documentation',
  area: 'paths',
  kind: 'documentation',
  category: 'documentation',
  description: 'A path parameter was renamed (`/users/{id}` → `/users/{userId}`); the URLs callers send are unchanged.',
  level: 'path',
  detect(node, context) {
    if (node.base && node.revision && node.base.pathKey !== node.revision.pathKey)
      context.report(
        node.revision.path,
        node.base.path,
        `path ${node.base.pathKey} is now written ${node.revision.pathKey}; the URLs callers send are the same`,
      );
  },
} as const satisfies FixedCheck;

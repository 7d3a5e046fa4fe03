import { equal } from '../tree.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-server-url-changed',
  class: 'review',
  area: 'info',
  kind: 'structure',
  category: 'methods',
  description: 'The server URLs changed; callers with a configured base URL may call the wrong address.',
  level: 'description',
  detect(node, context) {
    const { base, revision, revisionDeclared } = node.servers;
    if (!equal(base, revision))
      context.report(
        revisionDeclared ? ['servers'] : [],
        ['servers'],
        `servers changed from ${base.join(', ') || '(none)'} to ${revision.join(', ') || '(none)'}`,
      );
  },
} as const satisfies FixedCheck;

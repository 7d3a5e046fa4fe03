import { equal } from '../tree.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-api-description-changed',
  class: 'documentation',
  area: 'info',
  kind: 'documentation',
  category: 'documentation',
  description: 'The title or description of the API changed.',
  level: 'description',
  detect(node, context) {
    for (const field of ['title', 'description']) {
      if (!equal(node.info.base[field], node.info.revision[field]))
        context.report(
          ['info', ...(node.info.revision[field] !== undefined ? [field] : [])],
          ['info', field],
          `info.${field} changed`,
        );
    }
  },
} as const satisfies FixedCheck;

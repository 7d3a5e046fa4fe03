import type { FixedCheck } from '../model.js';
import { baseAt, revisionAt } from '../tree.js';

export const check = {
  id: 'diff-schema-description-changed',
  class: 'documentation',
  area: 'schemas',
  kind: 'documentation',
  category: 'documentation',
  description:
    'The description or another annotation (`title`, `examples`, `example`, `$comment`, `externalDocs`) of a schema or property changed.',
  level: 'schema',
  detect(node, context) {
    for (const annotation of ['description', 'title', 'examples', 'example', '$comment', 'externalDocs'] as const) {
      const pair = node[annotation];
      if (!pair) continue;
      context.report(revisionAt(pair, node), baseAt(pair, node), `the ${annotation} of ${context.label} changed`);
    }
  },
} as const satisfies FixedCheck;

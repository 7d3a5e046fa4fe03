import { methodsOf } from '../description-tree.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-path-added',
  class: 'non-breaking',
  area: 'paths',
  kind: 'existence',
  category: 'methods',
  description: 'A path was added.',
  level: 'path',
  detect(node, context) {
    if (node.base || !node.revision) return;
    context.report(
      node.revision.path,
      ['paths'],
      `path ${node.revision.pathKey} was added (${methodsOf(node.revision).join(', ') || 'no operations'})`,
    );
  },
} as const satisfies FixedCheck;

import { tagsOf } from '../description-tree.js';
import { equal } from '../tree.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-operation-tags-changed',
  class: 'documentation',
  area: 'operations',
  kind: 'documentation',
  category: 'documentation',
  description: 'The tags of an operation changed.',
  level: 'operation',
  detect(node, context) {
    if (!node.base || !node.revision) return;
    const before = tagsOf(node.base.operation);
    const after = tagsOf(node.revision.operation);
    if (!equal([...before].sort(), [...after].sort()))
      context.report(
        node.revision.operation.tags !== undefined ? [...node.revision.path, 'tags'] : node.revision.path,
        [...node.base.path, 'tags'],
        `the tags of ${node.text} changed from [${before.join(', ')}] to [${after.join(', ')}]`,
      );
  },
} as const satisfies FixedCheck;

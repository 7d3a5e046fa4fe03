import { quote } from '../messages.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-operation-id-changed',
  class: 'review',
  area: 'operations',
  kind: 'structure',
  category: 'naming',
  description: 'The operationId changed; generated clients rename the method.',
  level: 'operation',
  detect(node, context) {
    if (!node.base || !node.revision) return;
    const before = node.base.operation.operationId;
    const after = node.revision.operation.operationId;
    if (before !== after)
      context.report(
        after !== undefined ? [...node.revision.path, 'operationId'] : node.revision.path,
        [...node.base.path, 'operationId'],
        `operationId changed from ${quote(before ?? '(none)')} to ${quote(after ?? '(none)')}`,
      );
  },
} as const satisfies FixedCheck;

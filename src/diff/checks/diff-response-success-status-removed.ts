import { successStatus } from '../shared-decisions.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-response-success-status-removed',
  class: 'breaking',
  area: 'responses',
  kind: 'existence',
  category: 'errors',
  description: 'A success (2xx) response was removed; callers that expect it see an undocumented status.',
  level: 'response',
  detect(node, context) {
    if (node.base && !node.revision && successStatus(node.status))
      context.report(
        node.revisionResponsesDeclared ? node.revisionResponsesPath : node.operation.revision,
        node.base.path,
        `response ${node.status} was removed`,
      );
  },
} as const satisfies FixedCheck;

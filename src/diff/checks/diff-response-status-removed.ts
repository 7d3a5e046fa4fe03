import { successStatus } from '../shared-decisions.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-response-status-removed',
  class: 'review',
  area: 'responses',
  kind: 'existence',
  category: 'errors',
  description:
    'A documented response status was removed; callers that handle it keep working, but check that the service no longer sends it.',
  level: 'response',
  detect(node, context) {
    if (node.base && !node.revision && !successStatus(node.status))
      context.report(
        node.revisionResponsesDeclared ? node.revisionResponsesPath : node.operation.revision,
        node.base.path,
        `response ${node.status} was removed`,
      );
  },
} as const satisfies FixedCheck;

import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-webhook-removed',
  class: 'breaking',
  area: 'operations',
  kind: 'existence',
  category: 'methods',
  description: 'A webhook (OpenAPI 3.1 `webhooks`) was removed; subscribers stop receiving its calls.',
  level: 'webhook',
  detect(node, context) {
    if (node.inBase && !node.inRevision)
      context.report(
        node.revisionWebhooksDeclared ? ['webhooks'] : [],
        ['webhooks', node.name],
        `webhook ${node.name} was removed`,
      );
  },
} as const satisfies FixedCheck;

import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-webhook-added',
  class: 'non-breaking',
  area: 'operations',
  kind: 'existence',
  category: 'methods',
  description: 'A webhook (OpenAPI 3.1 `webhooks`) was added.',
  level: 'webhook',
  detect(node, context) {
    if (!node.inBase && node.inRevision)
      context.report(
        ['webhooks', node.name],
        node.baseWebhooksDeclared ? ['webhooks'] : [],
        `webhook ${node.name} was added`,
      );
  },
} as const satisfies FixedCheck;

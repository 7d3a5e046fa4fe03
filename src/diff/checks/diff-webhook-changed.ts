import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-webhook-changed',
  class: 'review',
  area: 'operations',
  kind: 'structure',
  category: 'methods',
  description:
    "A webhook (OpenAPI 3.1 `webhooks`) was changed: the requests the API sends to subscribers, or the answers it expects from them, differ, so what a subscriber's server must accept and answer may change.",
  level: 'webhook',
  detect(node, context) {
    if (node.changed && node.base && node.revision)
      context.report(node.revision.path, node.base.path, `webhook ${node.name} was changed`);
  },
} as const satisfies FixedCheck;

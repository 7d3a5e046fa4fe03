import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-webhook-removed',
  class: 'breaking',
  area: 'operations',
  kind: 'existence',
  category: 'methods',
  description: 'A webhook (OpenAPI 3.1 `webhooks`) was removed; subscribers stop receiving its calls.',
} as const satisfies FixedCheck;

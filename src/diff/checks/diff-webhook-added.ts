import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-webhook-added',
  class: 'non-breaking',
  area: 'operations',
  kind: 'existence',
  category: 'methods',
  description: 'A webhook (OpenAPI 3.1 `webhooks`) was added.',
} as const satisfies FixedCheck;

import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-body-removed',
  class: 'review',
  area: 'request-body',
  kind: 'existence',
  category: 'data-format',
  description: 'The request body was removed; callers that send one may be refused or ignored.',
} as const satisfies FixedCheck;

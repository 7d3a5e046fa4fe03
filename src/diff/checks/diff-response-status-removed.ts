import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-response-status-removed',
  class: 'review',
  area: 'responses',
  kind: 'existence',
  category: 'errors',
  description:
    'A documented response status was removed; callers that handle it keep working, but check that the service no longer sends it.',
} as const satisfies FixedCheck;

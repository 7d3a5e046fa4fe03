import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-response-success-status-removed',
  class: 'breaking',
  area: 'responses',
  kind: 'existence',
  category: 'errors',
  description: 'A success (2xx) response was removed; callers that expect it see an undocumented status.',
} as const satisfies FixedCheck;

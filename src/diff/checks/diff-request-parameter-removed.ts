import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-parameter-removed',
  class: 'review',
  area: 'parameters',
  kind: 'existence',
  category: 'data-format',
  description: 'A request parameter was removed; callers that send it may be refused or silently ignored.',
} as const satisfies FixedCheck;

import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-response-header-removed',
  class: 'breaking',
  area: 'headers',
  kind: 'existence',
  category: 'data-format',
  description: 'A response header was removed; callers that read it miss it.',
} as const satisfies FixedCheck;

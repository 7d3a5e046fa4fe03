import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-response-header-added',
  class: 'non-breaking',
  area: 'headers',
  kind: 'existence',
  category: 'data-format',
  description: 'A response header was added.',
} as const satisfies FixedCheck;

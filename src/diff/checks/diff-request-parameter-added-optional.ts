import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-parameter-added-optional',
  class: 'non-breaking',
  area: 'parameters',
  kind: 'existence',
  category: 'data-format',
  description: 'An optional request parameter was added.',
} as const satisfies FixedCheck;

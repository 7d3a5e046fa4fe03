import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-parameter-added-required',
  class: 'breaking',
  area: 'parameters',
  kind: 'existence',
  category: 'data-format',
  description: 'A required request parameter was added; existing calls lack it.',
} as const satisfies FixedCheck;

import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-parameter-deprecated',
  class: 'non-breaking',
  area: 'parameters',
  kind: 'lifecycle',
  category: 'data-format',
  description: 'A request parameter was marked deprecated.',
} as const satisfies FixedCheck;

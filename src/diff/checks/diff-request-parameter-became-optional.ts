import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-parameter-became-optional',
  class: 'non-breaking',
  area: 'parameters',
  kind: 'requiredness',
  category: 'data-format',
  description: 'A request parameter became optional.',
} as const satisfies FixedCheck;

import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-body-became-optional',
  class: 'non-breaking',
  area: 'request-body',
  kind: 'requiredness',
  category: 'data-format',
  description: 'The request body became optional.',
} as const satisfies FixedCheck;

import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-body-became-required',
  class: 'breaking',
  area: 'request-body',
  kind: 'requiredness',
  category: 'data-format',
  description: 'The request body became required.',
} as const satisfies FixedCheck;

import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-body-added-required',
  class: 'breaking',
  area: 'request-body',
  kind: 'existence',
  category: 'data-format',
  description: 'A required request body was added; existing calls send none.',
} as const satisfies FixedCheck;

import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-parameter-became-required',
  class: 'breaking',
  area: 'parameters',
  kind: 'requiredness',
  category: 'data-format',
  description: 'A request parameter became required; calls that omit it are refused.',
} as const satisfies FixedCheck;

import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-response-header-became-optional',
  class: 'breaking',
  area: 'headers',
  kind: 'requiredness',
  category: 'data-format',
  description: 'A response header is no longer always sent.',
} as const satisfies FixedCheck;

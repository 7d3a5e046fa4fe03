import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-operation-added',
  class: 'non-breaking',
  area: 'operations',
  kind: 'existence',
  category: 'methods',
  description: 'An operation was added.',
} as const satisfies FixedCheck;

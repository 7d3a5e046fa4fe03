import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-deprecated-operation-removed',
  class: 'review',
  area: 'operations',
  kind: 'lifecycle',
  category: 'methods',
  description: 'A deprecated operation was removed; check that its notice period has passed.',
} as const satisfies FixedCheck;

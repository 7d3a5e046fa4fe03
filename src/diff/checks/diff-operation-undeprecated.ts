import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-operation-undeprecated',
  class: 'non-breaking',
  area: 'operations',
  kind: 'lifecycle',
  category: 'methods',
  description: 'An operation is no longer deprecated.',
} as const satisfies FixedCheck;

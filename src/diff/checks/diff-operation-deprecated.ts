import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-operation-deprecated',
  class: 'non-breaking',
  area: 'operations',
  kind: 'lifecycle',
  category: 'methods',
  description: 'An operation was marked deprecated; the notice period starts.',
} as const satisfies FixedCheck;

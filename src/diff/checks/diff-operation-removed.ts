import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-operation-removed',
  class: 'breaking',
  area: 'operations',
  kind: 'existence',
  category: 'methods',
  description: 'An operation that was not deprecated was removed; callers of it get 404 or 405.',
} as const satisfies FixedCheck;

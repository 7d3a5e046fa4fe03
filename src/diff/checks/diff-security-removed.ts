import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-security-removed',
  class: 'review',
  area: 'security',
  kind: 'existence',
  category: 'security',
  description: 'An operation no longer requires authentication; check that this is intended.',
} as const satisfies FixedCheck;

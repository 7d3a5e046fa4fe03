import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-security-scope-removed',
  class: 'non-breaking',
  area: 'security',
  kind: 'constraints',
  category: 'security',
  description: 'An operation requires fewer scopes.',
} as const satisfies FixedCheck;

import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-security-scope-added',
  class: 'breaking',
  area: 'security',
  kind: 'constraints',
  category: 'security',
  description: 'An operation requires a scope it did not; tokens issued for the old scopes are refused.',
} as const satisfies FixedCheck;

import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-security-scheme-removed',
  class: 'breaking',
  area: 'security',
  kind: 'existence',
  category: 'security',
  description: 'A security scheme an operation accepted was removed; callers that authenticate with it are refused.',
} as const satisfies FixedCheck;

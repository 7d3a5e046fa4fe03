import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-security-scheme-type-changed',
  class: 'breaking',
  area: 'security',
  kind: 'type',
  category: 'security',
  description: 'A security scheme changed its type, location or flow; callers authenticate the old way.',
} as const satisfies FixedCheck;

import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-path-added',
  class: 'non-breaking',
  area: 'paths',
  kind: 'existence',
  category: 'methods',
  description: 'A path was added.',
} as const satisfies FixedCheck;

import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-path-removed',
  class: 'breaking',
  area: 'paths',
  kind: 'existence',
  category: 'methods',
  description: 'A path was removed with all its operations; callers of it get 404.',
} as const satisfies FixedCheck;

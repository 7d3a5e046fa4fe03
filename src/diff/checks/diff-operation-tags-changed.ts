import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-operation-tags-changed',
  class: 'documentation',
  area: 'operations',
  kind: 'documentation',
  category: 'documentation',
  description: 'The tags of an operation changed.',
} as const satisfies FixedCheck;

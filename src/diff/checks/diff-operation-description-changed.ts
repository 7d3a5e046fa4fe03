import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-operation-description-changed',
  class: 'documentation',
  area: 'operations',
  kind: 'documentation',
  category: 'documentation',
  description: 'The description of an operation changed.',
} as const satisfies FixedCheck;

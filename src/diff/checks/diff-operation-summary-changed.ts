import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-operation-summary-changed',
  class: 'documentation',
  area: 'operations',
  kind: 'documentation',
  category: 'documentation',
  description: 'The summary of an operation changed.',
} as const satisfies FixedCheck;

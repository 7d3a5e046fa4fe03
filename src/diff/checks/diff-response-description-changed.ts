import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-response-description-changed',
  class: 'documentation',
  area: 'responses',
  kind: 'documentation',
  category: 'documentation',
  description: 'The description of a response changed.',
} as const satisfies FixedCheck;

import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-api-description-changed',
  class: 'documentation',
  area: 'info',
  kind: 'documentation',
  category: 'documentation',
  description: 'The title or description of the API changed.',
} as const satisfies FixedCheck;

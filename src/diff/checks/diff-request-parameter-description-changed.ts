import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-parameter-description-changed',
  class: 'documentation',
  area: 'parameters',
  kind: 'documentation',
  category: 'documentation',
  description: 'The description of a request parameter changed.',
} as const satisfies FixedCheck;

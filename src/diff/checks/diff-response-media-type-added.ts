import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-response-media-type-added',
  class: 'non-breaking',
  area: 'responses',
  kind: 'existence',
  category: 'data-format',
  description: 'A media type of a response was added.',
} as const satisfies FixedCheck;

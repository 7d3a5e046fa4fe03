import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-body-media-type-added',
  class: 'non-breaking',
  area: 'request-body',
  kind: 'existence',
  category: 'data-format',
  description: 'A media type of the request body was added.',
} as const satisfies FixedCheck;

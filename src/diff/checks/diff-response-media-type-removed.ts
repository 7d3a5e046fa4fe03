import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-response-media-type-removed',
  class: 'breaking',
  area: 'responses',
  kind: 'existence',
  category: 'data-format',
  description: 'A media type of a response was removed; callers that ask for it (Accept) get 406 or something else.',
} as const satisfies FixedCheck;

import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-body-media-type-removed',
  class: 'breaking',
  area: 'request-body',
  kind: 'existence',
  category: 'data-format',
  description: 'A media type of the request body was removed; callers that send it are refused (415).',
} as const satisfies FixedCheck;

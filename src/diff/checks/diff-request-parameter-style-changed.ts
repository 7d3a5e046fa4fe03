import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-parameter-style-changed',
  class: 'breaking',
  area: 'parameters',
  kind: 'structure',
  category: 'data-format',
  description: 'The serialisation (style or explode) of a request parameter changed; callers encode it the old way.',
} as const satisfies FixedCheck;

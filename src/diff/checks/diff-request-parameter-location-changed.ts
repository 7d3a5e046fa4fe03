import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-parameter-location-changed',
  class: 'breaking',
  area: 'parameters',
  kind: 'structure',
  category: 'data-format',
  description: 'A request parameter moved (for example from the query to a header); callers send it in the old place.',
} as const satisfies FixedCheck;

import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-server-url-changed',
  class: 'review',
  area: 'info',
  kind: 'structure',
  category: 'methods',
  description: 'The server URLs changed; callers with a configured base URL may call the wrong address.',
} as const satisfies FixedCheck;

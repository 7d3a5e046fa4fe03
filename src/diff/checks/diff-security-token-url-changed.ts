import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-security-token-url-changed',
  class: 'breaking',
  area: 'security',
  kind: 'structure',
  category: 'security',
  description: 'The token URL of an OAuth 2.0 flow changed; callers ask the old address for tokens.',
} as const satisfies FixedCheck;

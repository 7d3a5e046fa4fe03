import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-path-parameter-renamed',
  class: 'documentation',
  area: 'paths',
  kind: 'documentation',
  category: 'documentation',
  description: 'A path parameter was renamed (`/users/{id}` → `/users/{userId}`); the URLs callers send are unchanged.',
} as const satisfies FixedCheck;

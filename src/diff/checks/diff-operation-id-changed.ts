import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-operation-id-changed',
  class: 'review',
  area: 'operations',
  kind: 'structure',
  category: 'naming',
  description: 'The operationId changed; generated clients rename the method.',
} as const satisfies FixedCheck;

import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-security-alternative-added',
  class: 'non-breaking',
  area: 'security',
  kind: 'existence',
  category: 'security',
  description: 'An operation accepts another way of authenticating (a new alternative in `security`).',
} as const satisfies FixedCheck;

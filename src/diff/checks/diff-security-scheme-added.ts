import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-security-scheme-added',
  class: 'breaking',
  area: 'security',
  kind: 'existence',
  category: 'security',
  description: 'An operation now requires a security scheme it did not; existing callers lack those credentials.',
} as const satisfies FixedCheck;

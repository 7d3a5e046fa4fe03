import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-schema-description-changed',
  class: 'documentation',
  area: 'schemas',
  kind: 'documentation',
  category: 'documentation',
  description: 'The description or another annotation (`title`, `examples`, `example`, `$comment`, `externalDocs`) of a schema or property changed.',
} as const satisfies FixedCheck;

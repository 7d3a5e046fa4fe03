import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-pattern-changed. */
export const change = {
  change: 'pattern-changed',
  kind: 'constraints',
  effect: 'undecidable',
  text: 'the pattern changed (whether it allows more or less cannot be decided in general)',
} as const satisfies SchemaChangeDefinition;

import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-condition-changed. */
export const change = {
  change: 'condition-changed',
  kind: 'structure',
  effect: 'undecidable',
  text: 'the condition (`if`) changed, so other values take each branch',
} as const satisfies SchemaChangeDefinition;

import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-default-changed. */
export const change = {
  change: 'default-changed',
  kind: 'constraints',
  effect: 'undecidable',
  text: 'the default value changed (callers that omit the value get different behaviour)',
} as const satisfies SchemaChangeDefinition;

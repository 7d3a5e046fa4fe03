import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-pattern-added. */
export const change = {
  change: 'pattern-added',
  kind: 'constraints',
  effect: 'narrow',
  text: 'a pattern was added',
} as const satisfies SchemaChangeDefinition;

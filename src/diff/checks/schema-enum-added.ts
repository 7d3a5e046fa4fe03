import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-enum-added. */
export const change = {
  change: 'enum-added',
  kind: 'enum-values',
  effect: 'narrow',
  text: 'the values were restricted to an enum',
} as const satisfies SchemaChangeDefinition;

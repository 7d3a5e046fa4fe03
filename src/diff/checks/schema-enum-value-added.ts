import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-enum-value-added. */
export const change = {
  change: 'enum-value-added',
  kind: 'enum-values',
  effect: 'widen',
  text: 'an enum value was added',
} as const satisfies SchemaChangeDefinition;

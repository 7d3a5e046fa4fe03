import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-nullable-added. */
export const change = {
  change: 'nullable-added',
  kind: 'type',
  effect: 'widen',
  text: 'null became allowed',
} as const satisfies SchemaChangeDefinition;

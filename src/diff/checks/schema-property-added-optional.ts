import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-property-added-optional. */
export const change = {
  change: 'property-added-optional',
  kind: 'existence',
  effect: 'additive',
  text: 'an optional property was added',
} as const satisfies SchemaChangeDefinition;

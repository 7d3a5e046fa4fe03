import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-property-removed. */
export const change = {
  change: 'property-removed',
  kind: 'existence',
  effect: { request: 'undecidable', response: 'widen' },
  text: 'a property was removed',
} as const satisfies SchemaChangeDefinition;

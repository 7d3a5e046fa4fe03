import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-property-added-required. */
export const change = {
  change: 'property-added-required',
  kind: 'existence',
  effect: 'narrow',
  text: 'a required property was added',
} as const satisfies SchemaChangeDefinition;

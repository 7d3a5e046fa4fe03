import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-property-became-optional. */
export const change = {
  change: 'property-became-optional',
  kind: 'requiredness',
  effect: 'widen',
  text: 'a property became optional',
} as const satisfies SchemaChangeDefinition;

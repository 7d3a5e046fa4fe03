import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-property-names-removed. */
export const change = {
  change: 'property-names-removed',
  kind: 'constraints',
  effect: 'widen',
  text: 'the `propertyNames` restriction was removed',
} as const satisfies SchemaChangeDefinition;

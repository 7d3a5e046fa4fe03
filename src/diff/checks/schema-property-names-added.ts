import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-property-names-added. */
export const change = {
  change: 'property-names-added',
  kind: 'constraints',
  effect: 'narrow',
  text: 'property names must now match a schema (`propertyNames` was added)',
} as const satisfies SchemaChangeDefinition;

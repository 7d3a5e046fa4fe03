import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-dependent-schema-added. */
export const change = {
  change: 'dependent-schema-added',
  kind: 'structure',
  effect: 'narrow',
  text: 'a property now brings a schema the object must match (`dependentSchemas` entry added)',
} as const satisfies SchemaChangeDefinition;

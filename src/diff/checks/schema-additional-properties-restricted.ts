import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-additional-properties-restricted. */
export const change = {
  change: 'additional-properties-restricted',
  kind: 'structure',
  effect: 'narrow',
  text: 'additional properties must now match a schema (`additionalProperties` with a schema was added)',
} as const satisfies SchemaChangeDefinition;

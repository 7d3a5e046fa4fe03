import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-not-added. */
export const change = {
  change: 'not-added',
  kind: 'constraints',
  effect: 'narrow',
  text: 'values matching a schema are now refused (`not` was added)',
} as const satisfies SchemaChangeDefinition;

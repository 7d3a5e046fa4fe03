import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-prefix-items-added. */
export const change = {
  change: 'prefix-items-added',
  kind: 'structure',
  effect: 'narrow',
  text: 'a leading array position (`prefixItems`) now has a schema',
} as const satisfies SchemaChangeDefinition;

import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-prefix-items-removed. */
export const change = {
  change: 'prefix-items-removed',
  kind: 'structure',
  effect: 'widen',
  text: 'a leading array position (`prefixItems`) lost its schema',
} as const satisfies SchemaChangeDefinition;

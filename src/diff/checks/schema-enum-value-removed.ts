import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-enum-value-removed. */
export const change = {
  change: 'enum-value-removed',
  kind: 'enum-values',
  effect: 'narrow',
  text: 'an enum value was removed',
} as const satisfies SchemaChangeDefinition;

import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-enum-removed. */
export const change = {
  change: 'enum-removed',
  kind: 'enum-values',
  effect: 'widen',
  text: 'the enum restriction was removed',
} as const satisfies SchemaChangeDefinition;

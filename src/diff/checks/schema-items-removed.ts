import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-items-removed. */
export const change = {
  change: 'items-removed',
  kind: 'structure',
  effect: 'widen',
  text: 'the schema of the array items (`items`) was removed',
} as const satisfies SchemaChangeDefinition;

import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-additional-properties-allowed. */
export const change = {
  change: 'additional-properties-allowed',
  kind: 'structure',
  effect: 'widen',
  text: 'additional properties became allowed',
} as const satisfies SchemaChangeDefinition;

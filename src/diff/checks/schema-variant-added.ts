import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-variant-added. */
export const change = {
  change: 'variant-added',
  kind: 'structure',
  effect: 'widen',
  text: 'a oneOf/anyOf alternative was added',
} as const satisfies SchemaChangeDefinition;

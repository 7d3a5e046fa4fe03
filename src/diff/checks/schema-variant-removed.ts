import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-variant-removed. */
export const change = {
  change: 'variant-removed',
  kind: 'structure',
  effect: 'narrow',
  text: 'a oneOf/anyOf alternative was removed',
} as const satisfies SchemaChangeDefinition;

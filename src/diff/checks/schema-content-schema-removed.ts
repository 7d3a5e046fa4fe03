import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-content-schema-removed. */
export const change = {
  change: 'content-schema-removed',
  kind: 'structure',
  effect: 'widen',
  text: 'the `contentSchema` restriction was removed',
} as const satisfies SchemaChangeDefinition;

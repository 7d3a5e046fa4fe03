import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-contains-removed. */
export const change = {
  change: 'contains-removed',
  kind: 'structure',
  effect: 'widen',
  text: 'the `contains` requirement was removed',
} as const satisfies SchemaChangeDefinition;

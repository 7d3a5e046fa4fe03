import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-not-removed. */
export const change = {
  change: 'not-removed',
  kind: 'constraints',
  effect: 'widen',
  text: 'the `not` restriction was removed',
} as const satisfies SchemaChangeDefinition;

import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-pattern-removed. */
export const change = {
  change: 'pattern-removed',
  kind: 'constraints',
  effect: 'widen',
  text: 'the pattern was removed',
} as const satisfies SchemaChangeDefinition;

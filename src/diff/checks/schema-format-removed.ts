import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-format-removed. */
export const change = {
  change: 'format-removed',
  kind: 'type',
  effect: 'widen',
  text: 'the format was removed',
} as const satisfies SchemaChangeDefinition;

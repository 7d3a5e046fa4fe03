import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-format-added. */
export const change = {
  change: 'format-added',
  kind: 'type',
  effect: 'narrow',
  text: 'a format was added',
} as const satisfies SchemaChangeDefinition;

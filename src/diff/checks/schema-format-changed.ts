import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-format-changed. */
export const change = {
  change: 'format-changed',
  kind: 'type',
  effect: 'incompatible',
  text: 'the format changed',
} as const satisfies SchemaChangeDefinition;

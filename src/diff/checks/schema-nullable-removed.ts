import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-nullable-removed. */
export const change = {
  change: 'nullable-removed',
  kind: 'type',
  effect: 'narrow',
  text: 'null is no longer allowed',
} as const satisfies SchemaChangeDefinition;

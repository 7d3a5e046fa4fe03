import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-items-added. */
export const change = {
  change: 'items-added',
  kind: 'structure',
  effect: 'narrow',
  text: 'the array items must now match a schema (`items` was added)',
} as const satisfies SchemaChangeDefinition;

import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-contains-added. */
export const change = {
  change: 'contains-added',
  kind: 'structure',
  effect: 'narrow',
  text: 'the array must now contain a matching item (`contains` was added)',
} as const satisfies SchemaChangeDefinition;

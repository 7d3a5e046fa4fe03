import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-read-only-added. */
export const change = {
  change: 'read-only-added',
  kind: 'lifecycle',
  effect: { request: 'narrow', response: 'additive' },
  text: 'the value became read-only (callers may no longer send it)',
} as const satisfies SchemaChangeDefinition;

import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-write-only-added. */
export const change = {
  change: 'write-only-added',
  kind: 'lifecycle',
  effect: { request: 'additive', response: 'widen' },
  text: 'the value became write-only (responses no longer carry it)',
} as const satisfies SchemaChangeDefinition;

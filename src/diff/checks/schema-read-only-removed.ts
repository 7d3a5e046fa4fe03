import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-read-only-removed. */
export const change = {
  change: 'read-only-removed',
  kind: 'lifecycle',
  effect: { request: 'widen', response: 'additive' },
  text: 'the value is no longer read-only',
} as const satisfies SchemaChangeDefinition;

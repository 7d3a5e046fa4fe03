import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-write-only-removed. */
export const change = {
  change: 'write-only-removed',
  kind: 'lifecycle',
  effect: { request: 'additive', response: 'narrow' },
  text: 'the value is no longer write-only',
} as const satisfies SchemaChangeDefinition;

import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-content-encoding-changed. */
export const change = {
  change: 'content-encoding-changed',
  kind: 'type',
  effect: 'incompatible',
  text: 'the content encoding of a string (`contentEncoding`) was added, removed or changed',
} as const satisfies SchemaChangeDefinition;

import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-keyword-changed. */
export const change = {
  change: 'keyword-changed',
  kind: 'constraints',
  effect: 'undecidable',
  text: 'a keyword or extension (`x-…`) that vottur does not model changed; review what it means to callers',
} as const satisfies SchemaChangeDefinition;

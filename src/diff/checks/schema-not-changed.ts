import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-not-changed. */
export const change = {
  change: 'not-changed',
  kind: 'constraints',
  effect: 'undecidable',
  text: 'the schema under `not` changed (a narrower `not` allows more, a wider one less)',
} as const satisfies SchemaChangeDefinition;

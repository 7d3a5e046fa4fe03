import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-additional-properties-relaxed. */
export const change = {
  change: 'additional-properties-relaxed',
  kind: 'structure',
  effect: 'widen',
  text: 'the schema additional properties had to match was removed',
} as const satisfies SchemaChangeDefinition;

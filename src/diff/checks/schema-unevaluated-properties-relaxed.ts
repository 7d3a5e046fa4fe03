import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-unevaluated-properties-relaxed. */
export const change = {
  change: 'unevaluated-properties-relaxed',
  kind: 'structure',
  effect: 'widen',
  text: 'the `unevaluatedProperties` restriction was removed',
} as const satisfies SchemaChangeDefinition;

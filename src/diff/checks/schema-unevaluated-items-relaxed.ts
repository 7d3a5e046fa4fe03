import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-unevaluated-items-relaxed. */
export const change = {
  change: 'unevaluated-items-relaxed',
  kind: 'structure',
  effect: 'widen',
  text: 'the `unevaluatedItems` restriction was removed',
} as const satisfies SchemaChangeDefinition;

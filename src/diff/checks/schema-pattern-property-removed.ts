import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-pattern-property-removed. */
export const change = {
  change: 'pattern-property-removed',
  kind: 'structure',
  effect: 'widen',
  text: 'a `patternProperties` entry was removed',
} as const satisfies SchemaChangeDefinition;

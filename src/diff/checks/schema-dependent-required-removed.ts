import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-dependent-required-removed. */
export const change = {
  change: 'dependent-required-removed',
  kind: 'requiredness',
  effect: 'widen',
  text: 'a `dependentRequired` requirement was removed',
} as const satisfies SchemaChangeDefinition;

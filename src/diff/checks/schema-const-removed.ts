import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-const-removed. */
export const change = {
  change: 'const-removed',
  kind: 'enum-values',
  effect: 'widen',
  text: 'the `const` restriction was removed',
} as const satisfies SchemaChangeDefinition;

import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-const-changed. */
export const change = {
  change: 'const-changed',
  kind: 'enum-values',
  effect: 'incompatible',
  text: 'the `const` value changed',
} as const satisfies SchemaChangeDefinition;

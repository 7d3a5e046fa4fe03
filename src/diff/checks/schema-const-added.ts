import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-const-added. */
export const change = {
  change: 'const-added',
  kind: 'enum-values',
  effect: 'narrow',
  text: 'the value was fixed with `const`',
} as const satisfies SchemaChangeDefinition;

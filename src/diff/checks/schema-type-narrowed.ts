import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-type-narrowed. */
export const change = {
  change: 'type-narrowed',
  kind: 'type',
  effect: 'narrow',
  text: 'the type now allows less (number → integer, or a type removed)',
} as const satisfies SchemaChangeDefinition;

import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-constraint-relaxed. */
export const change = {
  change: 'constraint-relaxed',
  kind: 'constraints',
  effect: 'widen',
  text: 'a bound (minimum, maximum, length, item count, property count, minContains/maxContains, multipleOf, uniqueItems) was relaxed or removed',
} as const satisfies SchemaChangeDefinition;

import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-unevaluated-items-restricted. */
export const change = {
  change: 'unevaluated-items-restricted',
  kind: 'structure',
  effect: 'narrow',
  text: 'array items not covered by the schema are now refused or constrained (`unevaluatedItems` added)',
} as const satisfies SchemaChangeDefinition;

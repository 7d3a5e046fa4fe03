import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-additional-properties-forbidden. */
export const change = {
  change: 'additional-properties-forbidden',
  kind: 'structure',
  effect: 'narrow',
  text: 'additional properties are no longer allowed',
} as const satisfies SchemaChangeDefinition;

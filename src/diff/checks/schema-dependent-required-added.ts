import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-dependent-required-added. */
export const change = {
  change: 'dependent-required-added',
  kind: 'requiredness',
  effect: 'narrow',
  text: 'a property now requires others when present (`dependentRequired` added or extended)',
} as const satisfies SchemaChangeDefinition;

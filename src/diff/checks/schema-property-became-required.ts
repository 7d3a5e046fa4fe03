import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-property-became-required. */
export const change = {
  change: 'property-became-required',
  kind: 'requiredness',
  effect: 'narrow',
  text: 'a property became required',
} as const satisfies SchemaChangeDefinition;

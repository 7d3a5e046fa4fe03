import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-conditional-added. */
export const change = {
  change: 'conditional-added',
  kind: 'structure',
  effect: 'narrow',
  text: 'a conditional branch (`then` or `else`) was added',
} as const satisfies SchemaChangeDefinition;

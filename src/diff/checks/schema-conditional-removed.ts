import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-conditional-removed. */
export const change = {
  change: 'conditional-removed',
  kind: 'structure',
  effect: 'widen',
  text: 'a conditional branch (`then` or `else`) was removed',
} as const satisfies SchemaChangeDefinition;

import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-discriminator-added. */
export const change = {
  change: 'discriminator-added',
  kind: 'structure',
  effect: 'undecidable',
  text: 'a discriminator was added; generated clients and servers may now dispatch on it',
} as const satisfies SchemaChangeDefinition;

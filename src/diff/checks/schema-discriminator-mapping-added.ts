import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-discriminator-mapping-added. */
export const change = {
  change: 'discriminator-mapping-added',
  kind: 'enum-values',
  effect: 'undecidable',
  text: 'a discriminator mapping value was added',
} as const satisfies SchemaChangeDefinition;

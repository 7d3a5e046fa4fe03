import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-discriminator-mapping-removed. */
export const change = {
  change: 'discriminator-mapping-removed',
  kind: 'enum-values',
  effect: 'undecidable',
  text: 'a discriminator mapping value was removed',
} as const satisfies SchemaChangeDefinition;

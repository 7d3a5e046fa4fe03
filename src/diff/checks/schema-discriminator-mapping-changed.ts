import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-discriminator-mapping-changed. */
export const change = {
  change: 'discriminator-mapping-changed',
  kind: 'enum-values',
  effect: 'undecidable',
  text: 'a discriminator mapping value now names another schema',
} as const satisfies SchemaChangeDefinition;

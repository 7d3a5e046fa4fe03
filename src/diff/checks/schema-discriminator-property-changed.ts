import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-discriminator-property-changed. */
export const change = {
  change: 'discriminator-property-changed',
  kind: 'structure',
  effect: 'undecidable',
  text: 'the discriminator property name changed; generated clients and servers that dispatch on it need review (validation does not change)',
} as const satisfies SchemaChangeDefinition;

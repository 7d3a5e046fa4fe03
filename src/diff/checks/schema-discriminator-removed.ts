import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-discriminator-removed. */
export const change = {
  change: 'discriminator-removed',
  kind: 'structure',
  effect: 'undecidable',
  text: 'the discriminator was removed; generated clients may no longer tell the alternatives apart',
} as const satisfies SchemaChangeDefinition;

import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-content-media-type-changed. */
export const change = {
  change: 'content-media-type-changed',
  kind: 'type',
  effect: 'incompatible',
  text: 'the media type of a string\'s content (`contentMediaType`) was added, removed or changed',
} as const satisfies SchemaChangeDefinition;

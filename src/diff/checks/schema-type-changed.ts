import { typeChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-type-changed. */
export const change = {
  change: 'type-changed',
  kind: 'type',
  effect: 'incompatible',
  text: 'the type changed to one that shares no values with the old one',
  detect(node, context) {
    const decided = typeChange(node, context.label, context.textual);
    if (decided?.outcome === 'type-changed') context.report(decided.path, decided.basePath, decided.message);
  },
} as const satisfies SchemaChangeDefinition;

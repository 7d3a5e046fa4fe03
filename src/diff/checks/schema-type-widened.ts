import { typeChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-type-widened. */
export const change = {
  change: 'type-widened',
  kind: 'type',
  effect: 'widen',
  text: 'the type now allows more (integer → number, or a type added)',
  detect(node, context) {
    const decided = typeChange(node, context.label);
    if (decided?.outcome === 'type-widened') context.report(decided.path, decided.basePath, decided.message);
  },
} as const satisfies SchemaChangeDefinition;

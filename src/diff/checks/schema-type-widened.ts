import { typeChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-type-widened. */
export const change = {
  change: 'type-widened',
  kind: 'type',
  effect: 'widen',
  text: 'the type now allows more (integer → number, a type added, or, in a request parameter sent as text, number, integer or boolean → string, or a query parameter that may now be repeated as a form-exploded array)',
  detect(node, context) {
    const decided = typeChange(node, context.label, context.textual);
    if (decided?.outcome === 'type-widened') context.report(decided.path, decided.basePath, decided.message);
  },
} as const satisfies SchemaChangeDefinition;

import { typeChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-type-narrowed. */
export const change = {
  change: 'type-narrowed',
  kind: 'type',
  effect: 'narrow',
  text: 'the type now allows less (number → integer, a type removed, or, in a request parameter sent as text, string → number, integer or boolean, or a query parameter that may no longer be repeated)',
  detect(node, context) {
    const decided = typeChange(node, context.label, context.textual);
    if (decided?.outcome === 'type-narrowed') context.report(decided.path, decided.basePath, decided.message);
  },
} as const satisfies SchemaChangeDefinition;

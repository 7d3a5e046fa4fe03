import { typeChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-type-narrowed. */
export const change = {
  change: 'type-narrowed',
  kind: 'type',
  effect: 'narrow',
  text: 'the type now allows less (number → integer, or a type removed)',
  detect(node, context) {
    const decided = typeChange(node, context.label);
    if (decided?.outcome === 'type-narrowed') context.report(decided.path, decided.basePath, decided.message);
  },
} as const satisfies SchemaChangeDefinition;

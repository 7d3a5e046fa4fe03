import { baseAt, revisionAt } from '../tree.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-read-only-added. */
export const change = {
  change: 'read-only-added',
  kind: 'lifecycle',
  effect: { request: 'narrow', response: 'additive' },
  text: 'the value became read-only (callers may no longer send it)',
  detect(node, context) {
    const pair = node.readOnly;
    if (!pair || (pair.base?.value === true) === (pair.revision?.value === true)) return;
    if ((pair.revision?.value === true) === true)
      context.report(revisionAt(pair, node), baseAt(pair, node), `${context.label} became readOnly`);
  },
} as const satisfies SchemaChangeDefinition;

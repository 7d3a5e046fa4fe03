import { hasBranch } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-conditional-added. */
export const change = {
  change: 'conditional-added',
  kind: 'structure',
  effect: 'narrow',
  text: 'a conditional branch (`then` or `else`) was added',
  detect(node, context) {
    for (const branch of ['then', 'else'] as const) {
      const pair = node[branch];
      if (pair && !hasBranch(pair, 'base') && hasBranch(pair, 'revision') && node.if?.revision !== undefined)
        context.report(pair.revision.path, node.base.path, `${context.label}: a ${branch} branch was added`);
    }
  },
} as const satisfies SchemaChangeDefinition;

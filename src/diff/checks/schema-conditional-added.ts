import { hasBranch } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'conditional-added',
  ids: {
    'request-parameter': 'diff-request-parameter-conditional-added',
    'request-body': 'diff-request-body-conditional-added',
    'response-body': 'diff-response-body-conditional-added',
    'response-header': 'diff-response-header-conditional-added',
  },
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

import { hasBranch } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'conditional-removed',
  ids: {
    'request-parameter': 'diff-request-parameter-conditional-removed',
    'request-body': 'diff-request-body-conditional-removed',
    'response-body': 'diff-response-body-conditional-removed',
    'response-header': 'diff-response-header-conditional-removed',
  },
  kind: 'structure',
  effect: 'widen',
  text: 'a conditional branch (`then` or `else`) was removed',
  detect(node, context) {
    for (const branch of ['then', 'else'] as const) {
      const pair = node[branch];
      if (pair && hasBranch(pair, 'base') && !hasBranch(pair, 'revision') && node.if?.base !== undefined)
        context.report(node.revision.path, pair.base.path, `${context.label}: the ${branch} branch was removed`);
    }
  },
} as const satisfies SchemaChangeDefinition;

import { baseAt, revisionAt } from '../tree.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'read-only-added',
  ids: {
    'request-parameter': 'diff-request-parameter-read-only-added',
    'request-body': 'diff-request-body-read-only-added',
    'response-body': 'diff-response-body-read-only-added',
    'response-header': 'diff-response-header-read-only-added',
  },
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

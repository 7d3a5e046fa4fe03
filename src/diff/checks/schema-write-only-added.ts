import { baseAt, revisionAt } from '../tree.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'write-only-added',
  ids: {
    'request-parameter': 'diff-request-parameter-write-only-added',
    'request-body': 'diff-request-body-write-only-added',
    'response-body': 'diff-response-body-write-only-added',
    'response-header': 'diff-response-header-write-only-added',
  },
  kind: 'lifecycle',
  effect: { request: 'additive', response: 'widen' },
  text: 'the value became write-only (responses no longer carry it)',
  detect(node, context) {
    const pair = node.writeOnly;
    if (!pair || (pair.base?.value === true) === (pair.revision?.value === true)) return;
    if ((pair.revision?.value === true) === true)
      context.report(revisionAt(pair, node), baseAt(pair, node), `${context.label} became writeOnly`);
  },
} as const satisfies SchemaChangeDefinition;

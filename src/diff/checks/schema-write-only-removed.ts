import { baseAt, revisionAt } from '../tree.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'write-only-removed',
  ids: {
    'request-parameter': 'diff-request-parameter-write-only-removed',
    'request-body': 'diff-request-body-write-only-removed',
    'response-body': 'diff-response-body-write-only-removed',
    'response-header': 'diff-response-header-write-only-removed',
  },
  kind: 'lifecycle',
  effect: { request: 'additive', response: 'narrow' },
  text: 'the value is no longer write-only',
  detect(node, context) {
    const pair = node.writeOnly;
    if (!pair || (pair.base?.value === true) === (pair.revision?.value === true)) return;
    if ((pair.revision?.value === true) === false)
      context.report(revisionAt(pair, node), baseAt(pair, node), `${context.label} is no longer writeOnly`);
  },
} as const satisfies SchemaChangeDefinition;

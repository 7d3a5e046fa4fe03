import { baseAt, revisionAt } from '../tree.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'read-only-removed',
  ids: {
    'request-parameter': 'diff-request-parameter-read-only-removed',
    'request-body': 'diff-request-body-read-only-removed',
    'response-body': 'diff-response-body-read-only-removed',
    'response-header': 'diff-response-header-read-only-removed',
  },
  kind: 'lifecycle',
  effect: { request: 'widen', response: 'additive' },
  text: 'the value is no longer read-only',
  detect(node, context) {
    const pair = node.readOnly;
    if (!pair || (pair.base?.value === true) === (pair.revision?.value === true)) return;
    // Writable and required: read-only-removed-required reports it.
    if (context.requiredInRevision) return;
    if ((pair.revision?.value === true) === false)
      context.report(revisionAt(pair, node), baseAt(pair, node), `${context.label} is no longer readOnly`);
  },
} as const satisfies SchemaChangeDefinition;

import { baseAt, revisionAt } from '../tree.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'deprecation-changed',
  ids: {
    'request-parameter': 'diff-request-parameter-deprecation-changed',
    'request-body': 'diff-request-body-deprecation-changed',
    'response-body': 'diff-response-body-deprecation-changed',
    'response-header': 'diff-response-header-deprecation-changed',
  },
  kind: 'lifecycle',
  effect: 'additive',
  text: 'the schema was marked deprecated, or is no longer deprecated',
  detect(node, context) {
    const pair = node.deprecated;
    if (!pair || (pair.base?.value === true) === (pair.revision?.value === true)) return;
    context.report(
      revisionAt(pair, node),
      baseAt(pair, node),
      `${context.label} ${pair.revision?.value === true ? 'was marked deprecated' : 'is no longer deprecated'}`,
    );
  },
} as const satisfies SchemaChangeDefinition;

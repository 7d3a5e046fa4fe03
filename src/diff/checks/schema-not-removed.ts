import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'not-removed',
  ids: {
    'request-parameter': 'diff-request-parameter-not-removed',
    'request-body': 'diff-request-body-not-removed',
    'response-body': 'diff-response-body-not-removed',
    'response-header': 'diff-response-header-not-removed',
  },
  kind: 'constraints',
  effect: 'widen',
  text: 'the `not` restriction was removed',
  detect(node, context) {
    const pair = node.not;
    if (pair?.base && !pair.revision)
      context.report(node.revision.path, pair.base.path, `${context.label}: the not restriction was removed`);
  },
} as const satisfies SchemaChangeDefinition;

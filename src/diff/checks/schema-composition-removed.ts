import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'composition-removed',
  ids: {
    'request-parameter': 'diff-request-parameter-composition-removed',
    'request-body': 'diff-request-body-composition-removed',
    'response-body': 'diff-response-body-composition-removed',
    'response-header': 'diff-response-header-composition-removed',
  },
  kind: 'structure',
  effect: 'widen',
  text: 'the schema no longer has its `oneOf` or `anyOf`: values no longer have to match one of its alternatives',
  detect(node, context) {
    for (const alternatives of [node.alternatives.oneOf, node.alternatives.anyOf]) {
      if (alternatives?.list !== 'removed') continue;
      context.report(
        node.revision.path,
        alternatives.baseListPath,
        `${context.label}: the ${alternatives.composition} was removed; values no longer have to match one of its alternatives`,
      );
    }
  },
} as const satisfies SchemaChangeDefinition;

import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'composition-added',
  ids: {
    'request-parameter': 'diff-request-parameter-composition-added',
    'request-body': 'diff-request-body-composition-added',
    'response-body': 'diff-response-body-composition-added',
    'response-header': 'diff-response-header-composition-added',
  },
  kind: 'structure',
  effect: 'narrow',
  text: 'the schema was wrapped in a `oneOf` or `anyOf` it did not have: every value must now also match its alternatives (exactly one of them, for `oneOf`, so a value matching two overlapping alternatives is refused)',
  detect(node, context) {
    for (const alternatives of [node.alternatives.oneOf, node.alternatives.anyOf]) {
      if (alternatives?.list !== 'added') continue;
      context.report(
        alternatives.revisionListPath,
        node.base.path,
        `${context.label}: a ${alternatives.composition} was added; values must now match ${alternatives.composition === 'oneOf' ? 'exactly one' : 'at least one'} of its alternatives`,
      );
    }
  },
} as const satisfies SchemaChangeDefinition;

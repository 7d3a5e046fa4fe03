import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'variant-added',
  ids: {
    'request-parameter': 'diff-request-parameter-variant-added',
    'request-body': 'diff-request-body-variant-added',
    'response-body': 'diff-response-body-variant-added',
    'response-header': 'diff-response-header-variant-added',
  },
  kind: 'structure',
  effect: 'widen',
  text: 'a oneOf/anyOf alternative was added',
  detect(node, context) {
    for (const alternatives of [node.alternatives.oneOf, node.alternatives.anyOf]) {
      if (!alternatives) continue;
      for (const { index, revision } of alternatives.added)
        context.report(
          revision.path,
          alternatives.baseListPath,
          `${context.label}: ${alternatives.composition} alternative #${index + 1} was added`,
        );
    }
  },
} as const satisfies SchemaChangeDefinition;

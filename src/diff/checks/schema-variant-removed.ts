import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'variant-removed',
  ids: {
    'request-parameter': 'diff-request-parameter-variant-removed',
    'request-body': 'diff-request-body-variant-removed',
    'response-body': 'diff-response-body-variant-removed',
    'response-header': 'diff-response-header-variant-removed',
  },
  kind: 'structure',
  effect: 'narrow',
  text: 'a oneOf/anyOf alternative was removed',
  detect(node, context) {
    for (const alternatives of [node.alternatives.oneOf, node.alternatives.anyOf]) {
      if (!alternatives) continue;
      for (const { index, base } of alternatives.removed)
        context.report(
          alternatives.revisionListPath,
          base.path,
          `${context.label}: ${alternatives.composition} alternative #${index + 1} was removed`,
        );
    }
  },
} as const satisfies SchemaChangeDefinition;

import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-variant-removed. */
export const change = {
  change: 'variant-removed',
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

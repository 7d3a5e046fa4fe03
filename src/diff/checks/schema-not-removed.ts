import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-not-removed. */
export const change = {
  change: 'not-removed',
  kind: 'constraints',
  effect: 'widen',
  text: 'the `not` restriction was removed',
  detect(node, context) {
    const pair = node.not;
    if (pair?.base && !pair.revision)
      context.report(node.revision.path, pair.base.path, `${context.label}: the not restriction was removed`);
  },
} as const satisfies SchemaChangeDefinition;

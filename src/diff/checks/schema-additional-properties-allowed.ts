import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-additional-properties-allowed. */
export const change = {
  change: 'additional-properties-allowed',
  kind: 'structure',
  effect: 'widen',
  text: 'additional properties became allowed',
  detect(node, context) {
    const ba = node.base.keywords.get('additionalProperties');
    const ra = node.revision.keywords.get('additionalProperties');
    if (ba?.value === false && ra?.value !== false)
      context.report(
        ra?.path ?? node.revision.path,
        ba.path,
        `${context.label} now allows properties beyond those listed`,
      );
  },
} as const satisfies SchemaChangeDefinition;

import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-additional-properties-forbidden. */
export const change = {
  change: 'additional-properties-forbidden',
  kind: 'structure',
  effect: 'narrow',
  text: 'additional properties are no longer allowed',
  detect(node, context) {
    const ba = node.base.keywords.get('additionalProperties');
    const ra = node.revision.keywords.get('additionalProperties');
    if (ba?.value !== false && ra?.value === false)
      context.report(
        ra.path,
        ba?.path ?? node.base.path,
        `${context.label} no longer allows properties beyond those listed`,
      );
  },
} as const satisfies SchemaChangeDefinition;

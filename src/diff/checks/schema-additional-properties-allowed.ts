import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'additional-properties-allowed',
  ids: {
    'request-parameter': 'diff-request-parameter-additional-properties-allowed',
    'request-body': 'diff-request-body-additional-properties-allowed',
    'response-body': 'diff-response-body-additional-properties-allowed',
    'response-header': 'diff-response-header-additional-properties-allowed',
  },
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

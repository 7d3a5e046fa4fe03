import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'additional-properties-forbidden',
  ids: {
    'request-parameter': 'diff-request-parameter-additional-properties-forbidden',
    'request-body': 'diff-request-body-additional-properties-forbidden',
    'response-body': 'diff-response-body-additional-properties-forbidden',
    'response-header': 'diff-response-header-additional-properties-forbidden',
  },
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

import { SUBSCHEMA_LABEL, subschemaChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'unevaluated-items-relaxed',
  ids: {
    'request-parameter': 'diff-request-parameter-unevaluated-items-relaxed',
    'request-body': 'diff-request-body-unevaluated-items-relaxed',
    'response-body': 'diff-response-body-unevaluated-items-relaxed',
    'response-header': 'diff-response-header-unevaluated-items-relaxed',
  },
  kind: 'structure',
  effect: 'widen',
  text: 'the `unevaluatedItems` restriction was removed',
  detect(node, context) {
    const found = subschemaChange(node, 'unevaluatedItems');
    if (found?.outcome === 'removed')
      context.report(
        node.revision.path,
        found.base.path,
        `${SUBSCHEMA_LABEL.unevaluatedItems(context.label)}: unevaluatedItems was removed`,
      );
  },
} as const satisfies SchemaChangeDefinition;

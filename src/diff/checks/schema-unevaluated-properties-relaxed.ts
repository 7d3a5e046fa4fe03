import { SUBSCHEMA_LABEL, subschemaChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'unevaluated-properties-relaxed',
  ids: {
    'request-parameter': 'diff-request-parameter-unevaluated-properties-relaxed',
    'request-body': 'diff-request-body-unevaluated-properties-relaxed',
    'response-body': 'diff-response-body-unevaluated-properties-relaxed',
    'response-header': 'diff-response-header-unevaluated-properties-relaxed',
  },
  kind: 'structure',
  effect: 'widen',
  text: 'the `unevaluatedProperties` restriction was removed',
  detect(node, context) {
    const found = subschemaChange(node, 'unevaluatedProperties');
    if (found?.outcome === 'removed')
      context.report(
        node.revision.path,
        found.base.path,
        `${SUBSCHEMA_LABEL.unevaluatedProperties(context.label)}: unevaluatedProperties was removed`,
      );
  },
} as const satisfies SchemaChangeDefinition;

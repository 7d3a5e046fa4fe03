import { SUBSCHEMA_LABEL, subschemaChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'additional-properties-relaxed',
  ids: {
    'request-parameter': 'diff-request-parameter-additional-properties-relaxed',
    'request-body': 'diff-request-body-additional-properties-relaxed',
    'response-body': 'diff-response-body-additional-properties-relaxed',
    'response-header': 'diff-response-header-additional-properties-relaxed',
  },
  kind: 'structure',
  effect: 'widen',
  text: 'the schema additional properties had to match was removed',
  detect(node, context) {
    const found = subschemaChange(node, 'additionalProperties');
    if (found?.outcome === 'removed')
      context.report(
        node.revision.path,
        found.base.path,
        `${SUBSCHEMA_LABEL.additionalProperties(context.label)}: additionalProperties was removed`,
      );
  },
} as const satisfies SchemaChangeDefinition;

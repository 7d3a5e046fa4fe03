import { SUBSCHEMA_LABEL, subschemaChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'unevaluated-properties-restricted',
  ids: {
    'request-parameter': 'diff-request-parameter-unevaluated-properties-restricted',
    'request-body': 'diff-request-body-unevaluated-properties-restricted',
    'response-body': 'diff-response-body-unevaluated-properties-restricted',
    'response-header': 'diff-response-header-unevaluated-properties-restricted',
  },
  kind: 'structure',
  effect: 'narrow',
  text: 'properties not covered by the schema are now refused or constrained (`unevaluatedProperties` added)',
  detect(node, context) {
    const found = subschemaChange(node, 'unevaluatedProperties');
    if (found?.outcome === 'added')
      context.report(
        found.revision.path,
        node.base.path,
        `${SUBSCHEMA_LABEL.unevaluatedProperties(context.label)}: unevaluatedProperties was added`,
      );
  },
} as const satisfies SchemaChangeDefinition;

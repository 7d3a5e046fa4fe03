import { SUBSCHEMA_LABEL, subschemaChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'unevaluated-items-restricted',
  ids: {
    'request-parameter': 'diff-request-parameter-unevaluated-items-restricted',
    'request-body': 'diff-request-body-unevaluated-items-restricted',
    'response-body': 'diff-response-body-unevaluated-items-restricted',
    'response-header': 'diff-response-header-unevaluated-items-restricted',
  },
  kind: 'structure',
  effect: 'narrow',
  text: 'array items not covered by the schema are now refused or constrained (`unevaluatedItems` added)',
  detect(node, context) {
    const found = subschemaChange(node, 'unevaluatedItems');
    if (found?.outcome === 'added')
      context.report(
        found.revision.path,
        node.base.path,
        `${SUBSCHEMA_LABEL.unevaluatedItems(context.label)}: unevaluatedItems was added`,
      );
  },
} as const satisfies SchemaChangeDefinition;

import { SUBSCHEMA_LABEL, subschemaChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'additional-properties-restricted',
  ids: {
    'request-parameter': 'diff-request-parameter-additional-properties-restricted',
    'request-body': 'diff-request-body-additional-properties-restricted',
    'response-body': 'diff-response-body-additional-properties-restricted',
    'response-header': 'diff-response-header-additional-properties-restricted',
  },
  kind: 'structure',
  effect: 'narrow',
  text: 'additional properties must now match a schema (`additionalProperties` with a schema was added)',
  detect(node, context) {
    const found = subschemaChange(node, 'additionalProperties');
    if (found?.outcome === 'added')
      context.report(
        found.revision.path,
        node.base.path,
        `${SUBSCHEMA_LABEL.additionalProperties(context.label)}: additionalProperties was added`,
      );
  },
} as const satisfies SchemaChangeDefinition;

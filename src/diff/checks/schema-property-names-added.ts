import { SUBSCHEMA_LABEL, subschemaChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'property-names-added',
  ids: {
    'request-parameter': 'diff-request-parameter-property-names-added',
    'request-body': 'diff-request-body-property-names-added',
    'response-body': 'diff-response-body-property-names-added',
    'response-header': 'diff-response-header-property-names-added',
  },
  kind: 'constraints',
  effect: 'narrow',
  text: 'property names must now match a schema (`propertyNames` was added)',
  detect(node, context) {
    const found = subschemaChange(node, 'propertyNames');
    if (found?.outcome === 'added')
      context.report(
        found.revision.path,
        node.base.path,
        `${SUBSCHEMA_LABEL.propertyNames(context.label)}: propertyNames was added`,
      );
  },
} as const satisfies SchemaChangeDefinition;

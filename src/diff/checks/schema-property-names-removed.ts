import { SUBSCHEMA_LABEL, subschemaChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'property-names-removed',
  ids: {
    'request-parameter': 'diff-request-parameter-property-names-removed',
    'request-body': 'diff-request-body-property-names-removed',
    'response-body': 'diff-response-body-property-names-removed',
    'response-header': 'diff-response-header-property-names-removed',
  },
  kind: 'constraints',
  effect: 'widen',
  text: 'the `propertyNames` restriction was removed',
  detect(node, context) {
    const found = subschemaChange(node, 'propertyNames');
    if (found?.outcome === 'removed')
      context.report(
        node.revision.path,
        found.base.path,
        `${SUBSCHEMA_LABEL.propertyNames(context.label)}: propertyNames was removed`,
      );
  },
} as const satisfies SchemaChangeDefinition;

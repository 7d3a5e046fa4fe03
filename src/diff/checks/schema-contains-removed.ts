import { SUBSCHEMA_LABEL, subschemaChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'contains-removed',
  ids: {
    'request-parameter': 'diff-request-parameter-contains-removed',
    'request-body': 'diff-request-body-contains-removed',
    'response-body': 'diff-response-body-contains-removed',
    'response-header': 'diff-response-header-contains-removed',
  },
  kind: 'structure',
  effect: 'widen',
  text: 'the `contains` requirement was removed',
  detect(node, context) {
    const found = subschemaChange(node, 'contains');
    if (found?.outcome === 'removed')
      context.report(
        node.revision.path,
        found.base.path,
        `${SUBSCHEMA_LABEL.contains(context.label)}: contains was removed`,
      );
  },
} as const satisfies SchemaChangeDefinition;

import { SUBSCHEMA_LABEL, subschemaChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'items-removed',
  ids: {
    'request-parameter': 'diff-request-parameter-items-removed',
    'request-body': 'diff-request-body-items-removed',
    'response-body': 'diff-response-body-items-removed',
    'response-header': 'diff-response-header-items-removed',
  },
  kind: 'structure',
  effect: 'widen',
  text: 'the schema of the array items (`items`) was removed',
  detect(node, context) {
    const found = subschemaChange(node, 'items');
    if (found?.outcome === 'removed')
      context.report(node.revision.path, found.base.path, `${SUBSCHEMA_LABEL.items(context.label)}: items was removed`);
  },
} as const satisfies SchemaChangeDefinition;

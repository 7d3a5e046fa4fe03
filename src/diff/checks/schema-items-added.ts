import { SUBSCHEMA_LABEL, subschemaChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'items-added',
  ids: {
    'request-parameter': 'diff-request-parameter-items-added',
    'request-body': 'diff-request-body-items-added',
    'response-body': 'diff-response-body-items-added',
    'response-header': 'diff-response-header-items-added',
  },
  kind: 'structure',
  effect: 'narrow',
  text: 'the array items must now match a schema (`items` was added)',
  detect(node, context) {
    const found = subschemaChange(node, 'items');
    if (found?.outcome === 'added')
      context.report(found.revision.path, node.base.path, `${SUBSCHEMA_LABEL.items(context.label)}: items was added`);
  },
} as const satisfies SchemaChangeDefinition;

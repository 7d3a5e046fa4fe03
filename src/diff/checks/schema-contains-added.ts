import { SUBSCHEMA_LABEL, subschemaChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'contains-added',
  ids: {
    'request-parameter': 'diff-request-parameter-contains-added',
    'request-body': 'diff-request-body-contains-added',
    'response-body': 'diff-response-body-contains-added',
    'response-header': 'diff-response-header-contains-added',
  },
  kind: 'structure',
  effect: 'narrow',
  text: 'the array must now contain a matching item (`contains` was added)',
  detect(node, context) {
    const found = subschemaChange(node, 'contains');
    if (found?.outcome === 'added')
      context.report(
        found.revision.path,
        node.base.path,
        `${SUBSCHEMA_LABEL.contains(context.label)}: contains was added`,
      );
  },
} as const satisfies SchemaChangeDefinition;

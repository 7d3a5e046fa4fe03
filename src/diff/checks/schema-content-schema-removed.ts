import { SUBSCHEMA_LABEL, subschemaChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'content-schema-removed',
  ids: {
    'request-parameter': 'diff-request-parameter-content-schema-removed',
    'request-body': 'diff-request-body-content-schema-removed',
    'response-body': 'diff-response-body-content-schema-removed',
    'response-header': 'diff-response-header-content-schema-removed',
  },
  kind: 'structure',
  effect: 'widen',
  text: 'the `contentSchema` restriction was removed',
  detect(node, context) {
    const found = subschemaChange(node, 'contentSchema');
    if (found?.outcome === 'removed')
      context.report(
        node.revision.path,
        found.base.path,
        `${SUBSCHEMA_LABEL.contentSchema(context.label)}: contentSchema was removed`,
      );
  },
} as const satisfies SchemaChangeDefinition;

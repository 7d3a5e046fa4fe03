import { SUBSCHEMA_LABEL, subschemaChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'content-schema-added',
  ids: {
    'request-parameter': 'diff-request-parameter-content-schema-added',
    'request-body': 'diff-request-body-content-schema-added',
    'response-body': 'diff-response-body-content-schema-added',
    'response-header': 'diff-response-header-content-schema-added',
  },
  kind: 'structure',
  effect: 'narrow',
  text: 'the decoded content of a string must now match a schema (`contentSchema` added)',
  detect(node, context) {
    const found = subschemaChange(node, 'contentSchema');
    if (found?.outcome === 'added')
      context.report(
        found.revision.path,
        node.base.path,
        `${SUBSCHEMA_LABEL.contentSchema(context.label)}: contentSchema was added`,
      );
  },
} as const satisfies SchemaChangeDefinition;

import { quote } from '../messages.js';
import { schemaMapEntries } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'dependent-schema-added',
  ids: {
    'request-parameter': 'diff-request-parameter-dependent-schema-added',
    'request-body': 'diff-request-body-dependent-schema-added',
    'response-body': 'diff-response-body-dependent-schema-added',
    'response-header': 'diff-response-header-dependent-schema-added',
  },
  kind: 'structure',
  effect: 'narrow',
  text: 'a property now brings a schema the object must match (`dependentSchemas` entry added)',
  detect(node, context) {
    for (const { entry, path, basePath } of schemaMapEntries(node, node.dependentSchemas, 'added'))
      context.report(path, basePath, `${context.label}: dependentSchemas entry ${quote(entry)} was added`);
  },
} as const satisfies SchemaChangeDefinition;

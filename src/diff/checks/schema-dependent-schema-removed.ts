import { quote } from '../messages.js';
import { schemaMapEntries } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'dependent-schema-removed',
  ids: {
    'request-parameter': 'diff-request-parameter-dependent-schema-removed',
    'request-body': 'diff-request-body-dependent-schema-removed',
    'response-body': 'diff-response-body-dependent-schema-removed',
    'response-header': 'diff-response-header-dependent-schema-removed',
  },
  kind: 'structure',
  effect: 'widen',
  text: 'a `dependentSchemas` entry was removed',
  detect(node, context) {
    for (const { entry, path, basePath } of schemaMapEntries(node, node.dependentSchemas, 'removed'))
      context.report(path, basePath, `${context.label}: dependentSchemas entry ${quote(entry)} was removed`);
  },
} as const satisfies SchemaChangeDefinition;

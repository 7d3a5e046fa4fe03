import { quote } from '../messages.js';
import { schemaMapEntries } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'pattern-property-added',
  ids: {
    'request-parameter': 'diff-request-parameter-pattern-property-added',
    'request-body': 'diff-request-body-pattern-property-added',
    'response-body': 'diff-response-body-pattern-property-added',
    'response-header': 'diff-response-header-pattern-property-added',
  },
  kind: 'structure',
  effect: 'narrow',
  text: 'properties whose names match a pattern must now match a schema (`patternProperties` entry added)',
  detect(node, context) {
    for (const { entry, path, basePath } of schemaMapEntries(node, node.patternProperties, 'added'))
      context.report(path, basePath, `${context.label}: patternProperties entry ${quote(entry)} was added`);
  },
} as const satisfies SchemaChangeDefinition;

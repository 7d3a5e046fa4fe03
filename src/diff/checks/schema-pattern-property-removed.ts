import { quote } from '../messages.js';
import { schemaMapEntries } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'pattern-property-removed',
  ids: {
    'request-parameter': 'diff-request-parameter-pattern-property-removed',
    'request-body': 'diff-request-body-pattern-property-removed',
    'response-body': 'diff-response-body-pattern-property-removed',
    'response-header': 'diff-response-header-pattern-property-removed',
  },
  kind: 'structure',
  effect: 'widen',
  text: 'a `patternProperties` entry was removed',
  detect(node, context) {
    for (const { entry, path, basePath } of schemaMapEntries(node, node.patternProperties, 'removed'))
      context.report(path, basePath, `${context.label}: patternProperties entry ${quote(entry)} was removed`);
  },
} as const satisfies SchemaChangeDefinition;

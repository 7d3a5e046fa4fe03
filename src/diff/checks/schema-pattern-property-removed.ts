import { quote } from '../messages.js';
import { schemaMapEntries } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-pattern-property-removed. */
export const change = {
  change: 'pattern-property-removed',
  kind: 'structure',
  effect: 'widen',
  text: 'a `patternProperties` entry was removed',
  detect(node, context) {
    for (const { entry, path, basePath } of schemaMapEntries(node, node.patternProperties, 'removed'))
      context.report(path, basePath, `${context.label}: patternProperties entry ${quote(entry)} was removed`);
  },
} as const satisfies SchemaChangeDefinition;

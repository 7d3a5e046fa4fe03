import { quote } from '../messages.js';
import { schemaMapEntries } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-dependent-schema-removed. */
export const change = {
  change: 'dependent-schema-removed',
  kind: 'structure',
  effect: 'widen',
  text: 'a `dependentSchemas` entry was removed',
  detect(node, context) {
    for (const { entry, path, basePath } of schemaMapEntries(node, node.dependentSchemas, 'removed'))
      context.report(path, basePath, `${context.label}: dependentSchemas entry ${quote(entry)} was removed`);
  },
} as const satisfies SchemaChangeDefinition;

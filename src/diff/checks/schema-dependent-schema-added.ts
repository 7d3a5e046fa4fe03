import { isObject, type JsonObject } from '../../../rulesets/lib/openapi/types.js';
import { quote } from '../messages.js';
import { allowsAnything } from '../tree.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-dependent-schema-added. */
export const change = {
  change: 'dependent-schema-added',
  kind: 'structure',
  effect: 'narrow',
  text: 'a property now brings a schema the object must match (`dependentSchemas` entry added)',
  detect(node, context) {
    const pair = node.dependentSchemas;
    if (!pair) return;
    const bm: JsonObject = isObject(pair.base?.value) ? pair.base.value : {};
    const rm: JsonObject = isObject(pair.revision?.value) ? pair.revision.value : {};
    const basePath = pair.base?.path ?? node.base.path;
    const revisionPath = pair.revision?.path ?? node.revision.path;
    for (const [entry, value] of Object.entries(rm)) {
      if (bm[entry] === undefined && !allowsAnything(value)) context.report([...revisionPath, entry], basePath, `${context.label}: dependentSchemas entry ${quote(entry)} was added`);
    }
  },
} as const satisfies SchemaChangeDefinition;

import { isObject, type JsonObject } from '../../../rulesets/lib/openapi/types.js';
import { quote } from '../messages.js';
import { allowsAnything } from '../tree.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-dependent-schema-removed. */
export const change = {
  change: 'dependent-schema-removed',
  kind: 'structure',
  effect: 'widen',
  text: 'a `dependentSchemas` entry was removed',
  detect(node, context) {
    const pair = node.dependentSchemas;
    if (!pair) return;
    const bm: JsonObject = isObject(pair.base?.value) ? pair.base.value : {};
    const rm: JsonObject = isObject(pair.revision?.value) ? pair.revision.value : {};
    const basePath = pair.base?.path ?? node.base.path;
    const revisionPath = pair.revision?.path ?? node.revision.path;
    for (const [entry, value] of Object.entries(bm)) {
      if (rm[entry] === undefined && !allowsAnything(value)) context.report(revisionPath, [...basePath, entry], `${context.label}: dependentSchemas entry ${quote(entry)} was removed`);
    }
  },
} as const satisfies SchemaChangeDefinition;

import { isObject, type JsonObject } from '../../../rulesets/lib/openapi/types.js';
import { quote } from '../messages.js';
import { allowsAnything } from '../tree.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-pattern-property-removed. */
export const change = {
  change: 'pattern-property-removed',
  kind: 'structure',
  effect: 'widen',
  text: 'a `patternProperties` entry was removed',
  detect(node, context) {
    const pair = node.patternProperties;
    if (!pair) return;
    const bm: JsonObject = isObject(pair.base?.value) ? pair.base.value : {};
    const rm: JsonObject = isObject(pair.revision?.value) ? pair.revision.value : {};
    const basePath = pair.base?.path ?? node.base.path;
    const revisionPath = pair.revision?.path ?? node.revision.path;
    for (const [entry, value] of Object.entries(bm)) {
      if (rm[entry] === undefined && !allowsAnything(value)) context.report(revisionPath, [...basePath, entry], `${context.label}: patternProperties entry ${quote(entry)} was removed`);
    }
  },
} as const satisfies SchemaChangeDefinition;

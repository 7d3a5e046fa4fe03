import { baseAt, revisionAt } from '../tree.js';
import { isObject, type JsonObject } from '../../../rulesets/lib/openapi/types.js';
import { quote } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-discriminator-mapping-added. */
export const change = {
  change: 'discriminator-mapping-added',
  kind: 'enum-values',
  effect: 'undecidable',
  text: 'a discriminator mapping value was added',
  detect(node, context) {
    const pair = node.discriminator;
    if (!pair) return;
    const bd = isObject(pair.base?.value) ? pair.base.value : undefined;
    const rd = isObject(pair.revision?.value) ? pair.revision.value : undefined;
    if (!bd || !rd) return;
    const where = revisionAt(pair, node);
    const was = baseAt(pair, node);
    const bm: JsonObject = isObject(bd.mapping) ? bd.mapping : {};
    const rm: JsonObject = isObject(rd.mapping) ? rd.mapping : {};
    for (const value of Object.keys(rm)) {
      if (bm[value] === undefined)
        context.report(
          [...where, 'mapping', value],
          was,
          `${context.label}: discriminator value ${quote(value)} was added`,
        );
    }
  },
} as const satisfies SchemaChangeDefinition;

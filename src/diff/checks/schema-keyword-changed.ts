import { isArray, isObject, type JsonObject } from '../../../rulesets/lib/openapi/types.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-keyword-changed. */
export const change = {
  change: 'keyword-changed',
  kind: 'constraints',
  effect: 'undecidable',
  text: 'a keyword or extension (`x-…`) that vottur does not model changed; review what it means to callers',
  detect(node, context) {
    // `enum` changed without being a list on either side.
    if (node.enum && !isArray(node.enum.base?.value) && !isArray(node.enum.revision?.value))
      context.unmodelled(node.enum);
    // A discriminator that is not an object on either side, or whose other members changed (3.2's defaultMapping, extensions).
    const discriminator = node.discriminator;
    if (discriminator) {
      const bd = isObject(discriminator.base?.value) ? discriminator.base.value : undefined;
      const rd = isObject(discriminator.revision?.value) ? discriminator.revision.value : undefined;
      const rest = (d: JsonObject) =>
        JSON.stringify(Object.fromEntries(Object.entries(d).filter(([k]) => k !== 'propertyName' && k !== 'mapping')));
      if (!bd && !rd) context.unmodelled(discriminator);
      else if (bd && rd && rest(bd) !== rest(rd)) context.unmodelled(discriminator);
    }
    // Every keyword the tree does not model, and extensions.
    for (const pair of node.unmodelled) context.unmodelled(pair);
  },
} as const satisfies SchemaChangeDefinition;

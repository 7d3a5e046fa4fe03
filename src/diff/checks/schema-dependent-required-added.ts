import { baseAt, revisionAt } from '../tree.js';
import { isArray, isObject } from '../../../rulesets/lib/openapi/types.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-dependent-required-added. */
export const change = {
  change: 'dependent-required-added',
  kind: 'requiredness',
  effect: 'narrow',
  text: 'a property now requires others when present (`dependentRequired` added or extended)',
  detect(node, context) {
    const pair = node.dependentRequired;
    if (!pair) return;
    const names = (value: unknown, key: string): string[] =>
      isObject(value) && isArray(value[key]) ? value[key].map(String) : [];
    const bv = pair.base?.value;
    const rv = pair.revision?.value;
    const keys = new Set([...(isObject(bv) ? Object.keys(bv) : []), ...(isObject(rv) ? Object.keys(rv) : [])]);
    for (const key of keys) {
      const before = names(bv, key);
      const after = names(rv, key);
      const added = after.filter((n) => !before.includes(n));
      if (added.length)
        context.report(
          revisionAt(pair, node),
          baseAt(pair, node),
          `${context.label}: when ${key} is present, ${added.join(', ')} must now be present too`,
        );
    }
  },
} as const satisfies SchemaChangeDefinition;

import { hiddenProperty, memberLabel } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-property-removed. */
export const change = {
  change: 'property-removed',
  kind: 'existence',
  effect: { request: 'undecidable', response: 'widen' },
  text: 'a property was removed',
  detect(node, context) {
    const { base: b, revision: r } = node;
    for (const [name, bp] of b.properties) {
      if (!r.properties.has(name) && !hiddenProperty(context.base, bp.value, context.direction))
        context.report(
          r.properties.size ? r.propertiesPath : r.path,
          bp.path,
          `${memberLabel(context.label, name)} was removed`,
        );
    }
  },
} as const satisfies SchemaChangeDefinition;

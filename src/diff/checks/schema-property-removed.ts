import { flatten } from '../schema.js';
import { hiddenProperty, memberLabel } from '../shared-decisions.js';
import { propertyLifecycle, removedBeforeSunset } from '../sunset.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'property-removed',
  ids: {
    'request-parameter': 'diff-request-parameter-property-removed',
    'request-body': 'diff-request-body-property-removed',
    'response-body': 'diff-response-body-property-removed',
    'response-header': 'diff-response-header-property-removed',
  },
  kind: 'existence',
  effect: { request: 'undecidable', response: 'widen' },
  text: 'a property was removed',
  detect(node, context) {
    const { base: b, revision: r } = node;
    for (const [name, bp] of b.properties) {
      if (r.properties.has(name) || hiddenProperty(context.base, bp.value, context.direction)) continue;
      // Before its sunset the removal breaks callers: diff-removed-before-sunset reports it.
      const lifecycle = propertyLifecycle(name, flatten(context.base, bp.value, bp.path), undefined, []);
      if (!removedBeforeSunset(lifecycle, context.now))
        context.report(
          r.properties.size ? r.propertiesPath : r.path,
          bp.path,
          `${memberLabel(context.label, name)} was removed`,
        );
    }
  },
} as const satisfies SchemaChangeDefinition;

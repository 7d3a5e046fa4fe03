import { hiddenProperty, memberLabel } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'property-added-optional',
  ids: {
    'request-parameter': 'diff-request-parameter-property-added-optional',
    'request-body': 'diff-request-body-property-added-optional',
    'response-body': 'diff-response-body-property-added-optional',
    'response-header': 'diff-response-header-property-added-optional',
  },
  kind: 'existence',
  effect: 'additive',
  text: 'an optional property was added',
  detect(node, context) {
    const { base: b, revision: r } = node;
    for (const [name, rp] of r.properties) {
      if (b.properties.has(name) || hiddenProperty(context.revision, rp.value, context.direction)) continue;
      if (r.required.has(name) === false)
        context.report(
          rp.path,
          b.properties.size ? b.propertiesPath : b.path,
          `optional ${memberLabel(context.label, name)} was added`,
        );
    }
  },
} as const satisfies SchemaChangeDefinition;

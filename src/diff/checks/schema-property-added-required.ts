import { hiddenProperty, memberLabel } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'property-added-required',
  ids: {
    'request-parameter': 'diff-request-parameter-property-added-required',
    'request-body': 'diff-request-body-property-added-required',
    'response-body': 'diff-response-body-property-added-required',
    'response-header': 'diff-response-header-property-added-required',
  },
  kind: 'existence',
  effect: 'narrow',
  text: 'a required property was added',
  detect(node, context) {
    const { base: b, revision: r } = node;
    for (const [name, rp] of r.properties) {
      if (b.properties.has(name) || hiddenProperty(context.revision, rp.value, context.direction)) continue;
      if (r.required.has(name) === true)
        context.report(
          rp.path,
          b.properties.size ? b.propertiesPath : b.path,
          `required ${memberLabel(context.label, name)} was added`,
        );
    }
  },
} as const satisfies SchemaChangeDefinition;

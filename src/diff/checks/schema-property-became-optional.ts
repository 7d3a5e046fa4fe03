import { hiddenProperty, memberLabel } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'property-became-optional',
  ids: {
    'request-parameter': 'diff-request-parameter-property-became-optional',
    'request-body': 'diff-request-body-property-became-optional',
    'response-body': 'diff-response-body-property-became-optional',
    'response-header': 'diff-response-header-property-became-optional',
  },
  kind: 'requiredness',
  effect: 'widen',
  text: 'a property became optional',
  detect(node, context) {
    const { base: b, revision: r } = node;
    for (const [name, bp] of b.properties) {
      const rp = r.properties.get(name);
      if (
        !rp ||
        hiddenProperty(context.base, bp.value, context.direction) ||
        hiddenProperty(context.revision, rp.value, context.direction)
      )
        continue;
      if (b.required.has(name) && !r.required.has(name))
        context.report(rp.path, b.requiredPath, `${memberLabel(context.label, name)} became optional`);
    }
    // Names required without a schema of their own (`required: [a]` and no `properties.a`).
    for (const name of new Set([...b.required, ...r.required])) {
      if (!b.properties.has(name) && !r.properties.has(name) && b.required.has(name) && !r.required.has(name))
        context.report(r.path, b.requiredPath, `${memberLabel(context.label, name)} became optional`);
    }
  },
} as const satisfies SchemaChangeDefinition;

import { hiddenProperty, memberLabel } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'property-became-required',
  ids: {
    'request-parameter': 'diff-request-parameter-property-became-required',
    'request-body': 'diff-request-body-property-became-required',
    'response-body': 'diff-response-body-property-became-required',
    'response-header': 'diff-response-header-property-became-required',
  },
  kind: 'requiredness',
  effect: 'narrow',
  text: 'a property became required',
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
      if (!b.required.has(name) && r.required.has(name))
        context.report(r.requiredPath, rp.path, `${memberLabel(context.label, name)} became required`);
    }
    // Names required without a schema of their own (`required: [a]` and no `properties.a`).
    for (const name of new Set([...b.required, ...r.required])) {
      if (!b.properties.has(name) && !r.properties.has(name) && !b.required.has(name))
        context.report(r.requiredPath, b.path, `${memberLabel(context.label, name)} became required`);
    }
  },
} as const satisfies SchemaChangeDefinition;

import { SUBSCHEMA_LABEL, subschemaChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-unevaluated-properties-relaxed. */
export const change = {
  change: 'unevaluated-properties-relaxed',
  kind: 'structure',
  effect: 'widen',
  text: 'the `unevaluatedProperties` restriction was removed',
  detect(node, context) {
    const found = subschemaChange(node, 'unevaluatedProperties');
    if (found?.outcome === 'removed')
      context.report(
        node.revision.path,
        found.base.path,
        `${SUBSCHEMA_LABEL.unevaluatedProperties(context.label)}: unevaluatedProperties was removed`,
      );
  },
} as const satisfies SchemaChangeDefinition;

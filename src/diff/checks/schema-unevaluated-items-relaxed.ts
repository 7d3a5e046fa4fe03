import { SUBSCHEMA_LABEL, subschemaChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-unevaluated-items-relaxed. */
export const change = {
  change: 'unevaluated-items-relaxed',
  kind: 'structure',
  effect: 'widen',
  text: 'the `unevaluatedItems` restriction was removed',
  detect(node, context) {
    const found = subschemaChange(node, 'unevaluatedItems');
    if (found?.outcome === 'removed')
      context.report(
        node.revision.path,
        found.base.path,
        `${SUBSCHEMA_LABEL.unevaluatedItems(context.label)}: unevaluatedItems was removed`,
      );
  },
} as const satisfies SchemaChangeDefinition;

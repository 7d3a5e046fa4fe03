import { SUBSCHEMA_LABEL, subschemaChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-contains-removed. */
export const change = {
  change: 'contains-removed',
  kind: 'structure',
  effect: 'widen',
  text: 'the `contains` requirement was removed',
  detect(node, context) {
    const found = subschemaChange(node, 'contains');
    if (found?.outcome === 'removed')
      context.report(
        node.revision.path,
        found.base.path,
        `${SUBSCHEMA_LABEL.contains(context.label)}: contains was removed`,
      );
  },
} as const satisfies SchemaChangeDefinition;

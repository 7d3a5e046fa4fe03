import { SUBSCHEMA_LABEL, subschemaChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-items-removed. */
export const change = {
  change: 'items-removed',
  kind: 'structure',
  effect: 'widen',
  text: 'the schema of the array items (`items`) was removed',
  detect(node, context) {
    const found = subschemaChange(node, 'items');
    if (found?.outcome === 'removed')
      context.report(node.revision.path, found.base.path, `${SUBSCHEMA_LABEL.items(context.label)}: items was removed`);
  },
} as const satisfies SchemaChangeDefinition;

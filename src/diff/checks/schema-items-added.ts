import { SUBSCHEMA_LABEL, subschemaChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-items-added. */
export const change = {
  change: 'items-added',
  kind: 'structure',
  effect: 'narrow',
  text: 'the array items must now match a schema (`items` was added)',
  detect(node, context) {
    const found = subschemaChange(node, 'items');
    if (found?.outcome === 'added')
      context.report(found.revision.path, node.base.path, `${SUBSCHEMA_LABEL.items(context.label)}: items was added`);
  },
} as const satisfies SchemaChangeDefinition;

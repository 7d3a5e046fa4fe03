import { SUBSCHEMA_LABEL, subschemaChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-contains-added. */
export const change = {
  change: 'contains-added',
  kind: 'structure',
  effect: 'narrow',
  text: 'the array must now contain a matching item (`contains` was added)',
  detect(node, context) {
    const found = subschemaChange(node, 'contains');
    if (found?.outcome === 'added')
      context.report(
        found.revision.path,
        node.base.path,
        `${SUBSCHEMA_LABEL.contains(context.label)}: contains was added`,
      );
  },
} as const satisfies SchemaChangeDefinition;

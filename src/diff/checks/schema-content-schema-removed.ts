import { SUBSCHEMA_LABEL, subschemaChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-content-schema-removed. */
export const change = {
  change: 'content-schema-removed',
  kind: 'structure',
  effect: 'widen',
  text: 'the `contentSchema` restriction was removed',
  detect(node, context) {
    const found = subschemaChange(node, 'contentSchema');
    if (found?.outcome === 'removed')
      context.report(
        node.revision.path,
        found.base.path,
        `${SUBSCHEMA_LABEL.contentSchema(context.label)}: contentSchema was removed`,
      );
  },
} as const satisfies SchemaChangeDefinition;

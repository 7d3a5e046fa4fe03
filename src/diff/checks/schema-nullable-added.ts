import { isNullable, keyword } from '../schema.js';
import { keywordAt } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-nullable-added. */
export const change = {
  change: 'nullable-added',
  kind: 'type',
  effect: 'widen',
  text: 'null became allowed',
  detect(node, context) {
    const { base: b, revision: r } = node;
    if (!isNullable(b) && isNullable(r))
      context.report(
        keywordAt(r, keyword(r, 'nullable') !== undefined ? 'nullable' : 'type'),
        b.path,
        `${context.label} may now be null`,
      );
  },
} as const satisfies SchemaChangeDefinition;

import { isNullable, keyword } from '../schema.js';
import { keywordAt } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'nullable-added',
  ids: {
    'request-parameter': 'diff-request-parameter-nullable-added',
    'request-body': 'diff-request-body-nullable-added',
    'response-body': 'diff-response-body-nullable-added',
    'response-header': 'diff-response-header-nullable-added',
  },
  kind: 'type',
  effect: 'widen',
  text: 'null became allowed',
  detect(node, context) {
    const { base: b, revision: r } = node;
    if (!isNullable(b, context.base) && isNullable(r, context.revision))
      context.report(
        keywordAt(r, keyword(r, 'nullable') !== undefined ? 'nullable' : 'type'),
        b.path,
        `${context.label} may now be null`,
      );
  },
} as const satisfies SchemaChangeDefinition;

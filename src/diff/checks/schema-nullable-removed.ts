import { isNullable, keyword } from '../schema.js';
import { keywordAt } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'nullable-removed',
  ids: {
    'request-parameter': 'diff-request-parameter-nullable-removed',
    'request-body': 'diff-request-body-nullable-removed',
    'response-body': 'diff-response-body-nullable-removed',
    'response-header': 'diff-response-header-nullable-removed',
  },
  kind: 'type',
  effect: 'narrow',
  text: 'null is no longer allowed',
  detect(node, context) {
    const { base: b, revision: r } = node;
    if (isNullable(b, context.base) && !isNullable(r, context.revision))
      context.report(
        r.path,
        keywordAt(b, keyword(b, 'nullable') !== undefined ? 'nullable' : 'type'),
        `${context.label} may no longer be null`,
      );
  },
} as const satisfies SchemaChangeDefinition;

import { keyword } from '../schema.js';
import { keywordAt, quote } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'format-added',
  ids: {
    'request-parameter': 'diff-request-parameter-format-added',
    'request-body': 'diff-request-body-format-added',
    'response-body': 'diff-response-body-format-added',
    'response-header': 'diff-response-header-format-added',
  },
  kind: 'type',
  effect: 'narrow',
  text: 'a format was added',
  detect(node, context) {
    const { base: b, revision: r } = node;
    const bv = keyword(b, 'format');
    const rv = keyword(r, 'format');
    if (bv === undefined && rv !== undefined)
      context.report(keywordAt(r, 'format'), b.path, `${context.label} now has format ${quote(rv)}`);
  },
} as const satisfies SchemaChangeDefinition;

import { keyword } from '../schema.js';
import { keywordAt, quote } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'format-removed',
  ids: {
    'request-parameter': 'diff-request-parameter-format-removed',
    'request-body': 'diff-request-body-format-removed',
    'response-body': 'diff-response-body-format-removed',
    'response-header': 'diff-response-header-format-removed',
  },
  kind: 'type',
  effect: 'widen',
  text: 'the format was removed',
  detect(node, context) {
    const { base: b, revision: r } = node;
    const bv = keyword(b, 'format');
    const rv = keyword(r, 'format');
    if (bv !== undefined && rv === undefined)
      context.report(r.path, keywordAt(b, 'format'), `${context.label} no longer has format ${quote(bv)}`);
  },
} as const satisfies SchemaChangeDefinition;

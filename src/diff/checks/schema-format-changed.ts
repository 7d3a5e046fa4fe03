import { keyword } from '../schema.js';
import { keywordAt, quote } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'format-changed',
  ids: {
    'request-parameter': 'diff-request-parameter-format-changed',
    'request-body': 'diff-request-body-format-changed',
    'response-body': 'diff-response-body-format-changed',
    'response-header': 'diff-response-header-format-changed',
  },
  kind: 'type',
  effect: 'incompatible',
  text: 'the format changed',
  detect(node, context) {
    const { base: b, revision: r } = node;
    const bv = keyword(b, 'format');
    const rv = keyword(r, 'format');
    if (bv !== undefined && rv !== undefined && bv !== rv)
      context.report(
        keywordAt(r, 'format'),
        keywordAt(b, 'format'),
        `the format of ${context.label} changed from ${quote(bv)} to ${quote(rv)}`,
      );
  },
} as const satisfies SchemaChangeDefinition;

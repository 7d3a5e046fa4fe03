import { equal } from '../tree.js';
import { keyword } from '../schema.js';
import { keywordAt, quote } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'default-changed',
  ids: {
    'request-parameter': 'diff-request-parameter-default-changed',
    'request-body': 'diff-request-body-default-changed',
    'response-body': 'diff-response-body-default-changed',
    'response-header': 'diff-response-header-default-changed',
  },
  kind: 'constraints',
  effect: 'undecidable',
  text: 'the default value changed (callers that omit the value get different behaviour)',
  detect(node, context) {
    const { base: b, revision: r } = node;
    const bd = keyword(b, 'default');
    const rd = keyword(r, 'default');
    if (equal(bd, rd) || (bd === undefined && rd === undefined)) return;
    context.report(
      keywordAt(r, 'default'),
      keywordAt(b, 'default'),
      `the default of ${context.label} changed from ${bd === undefined ? '(none)' : quote(bd)} to ${rd === undefined ? '(none)' : quote(rd)}`,
    );
  },
} as const satisfies SchemaChangeDefinition;

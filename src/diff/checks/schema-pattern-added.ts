import { effectivePattern } from '../shared-decisions.js';
import { keywordAt, quote } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'pattern-added',
  ids: {
    'request-parameter': 'diff-request-parameter-pattern-added',
    'request-body': 'diff-request-body-pattern-added',
    'response-body': 'diff-response-body-pattern-added',
    'response-header': 'diff-response-header-pattern-added',
  },
  kind: 'constraints',
  effect: 'narrow',
  text: 'a pattern was added (an empty pattern matches every string: it counts as none)',
  detect(node, context) {
    const { base: b, revision: r } = node;
    const bv = effectivePattern(b);
    const rv = effectivePattern(r);
    if (bv === undefined && rv !== undefined)
      context.report(keywordAt(r, 'pattern'), keywordAt(b, 'pattern'), `${context.label} must now match ${quote(rv)}`);
  },
} as const satisfies SchemaChangeDefinition;

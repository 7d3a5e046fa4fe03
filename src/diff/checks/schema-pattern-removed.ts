import { effectivePattern } from '../shared-decisions.js';
import { keywordAt, quote } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'pattern-removed',
  ids: {
    'request-parameter': 'diff-request-parameter-pattern-removed',
    'request-body': 'diff-request-body-pattern-removed',
    'response-body': 'diff-response-body-pattern-removed',
    'response-header': 'diff-response-header-pattern-removed',
  },
  kind: 'constraints',
  effect: 'widen',
  text: 'the pattern was removed or emptied (an empty pattern matches every string)',
  detect(node, context) {
    const { base: b, revision: r } = node;
    const bv = effectivePattern(b);
    const rv = effectivePattern(r);
    if (bv !== undefined && rv === undefined)
      context.report(
        keywordAt(r, 'pattern'),
        keywordAt(b, 'pattern'),
        `${context.label} no longer has to match ${quote(bv)}`,
      );
  },
} as const satisfies SchemaChangeDefinition;

import { effectivePattern } from '../shared-decisions.js';
import { keywordAt, quote } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'pattern-changed',
  ids: {
    'request-parameter': 'diff-request-parameter-pattern-changed',
    'request-body': 'diff-request-body-pattern-changed',
    'response-body': 'diff-response-body-pattern-changed',
    'response-header': 'diff-response-header-pattern-changed',
  },
  kind: 'constraints',
  effect: 'undecidable',
  text: 'the pattern changed (whether it allows more or less cannot be decided in general)',
  detect(node, context) {
    const { base: b, revision: r } = node;
    const bv = effectivePattern(b);
    const rv = effectivePattern(r);
    if (bv !== undefined && rv !== undefined && bv !== rv)
      context.report(
        keywordAt(r, 'pattern'),
        keywordAt(b, 'pattern'),
        `the pattern of ${context.label} changed from ${quote(bv)} to ${quote(rv)}`,
      );
  },
} as const satisfies SchemaChangeDefinition;

import { isArray } from '../../../rulesets/lib/openapi/types.js';
import { keyword } from '../schema.js';
import { keywordAt, quote } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'enum-value-removed',
  ids: {
    'request-parameter': 'diff-request-parameter-enum-value-removed',
    'request-body': 'diff-request-body-enum-value-removed',
    'response-body': 'diff-response-body-enum-value-removed',
    'response-header': 'diff-response-header-enum-value-removed',
  },
  kind: 'enum-values',
  effect: 'narrow',
  text: 'an enum value was removed',
  detect(node, context) {
    const { base: b, revision: r } = node;
    const be = keyword(b, 'enum');
    const re = keyword(r, 'enum');
    if (!isArray(be) || !isArray(re)) return;
    const revisionValues = new Set(re.map((value) => JSON.stringify(value)));
    const removed = be.filter((value) => !revisionValues.has(JSON.stringify(value)));
    if (removed.length)
      context.report(
        keywordAt(r, 'enum'),
        keywordAt(b, 'enum'),
        `${context.label}: enum value${removed.length > 1 ? 's' : ''} ${removed.map(quote).join(', ')} removed`,
      );
  },
} as const satisfies SchemaChangeDefinition;

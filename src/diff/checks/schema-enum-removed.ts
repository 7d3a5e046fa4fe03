import { isArray } from '../../../rulesets/lib/openapi/types.js';
import { keyword } from '../schema.js';
import { keywordAt, quote } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'enum-removed',
  ids: {
    'request-parameter': 'diff-request-parameter-enum-removed',
    'request-body': 'diff-request-body-enum-removed',
    'response-body': 'diff-response-body-enum-removed',
    'response-header': 'diff-response-header-enum-removed',
  },
  kind: 'enum-values',
  effect: 'widen',
  text: 'the enum restriction was removed',
  detect(node, context) {
    const { base: b, revision: r } = node;
    const be = keyword(b, 'enum');
    const re = keyword(r, 'enum');
    if (isArray(be) && !isArray(re))
      context.report(
        r.path,
        keywordAt(b, 'enum'),
        `${context.label} is no longer restricted to ${be.map(quote).join(', ')}`,
      );
  },
} as const satisfies SchemaChangeDefinition;

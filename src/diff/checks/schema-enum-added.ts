import { isArray } from '../../../rulesets/lib/openapi/types.js';
import { keyword } from '../schema.js';
import { keywordAt, quote } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'enum-added',
  ids: {
    'request-parameter': 'diff-request-parameter-enum-added',
    'request-body': 'diff-request-body-enum-added',
    'response-body': 'diff-response-body-enum-added',
    'response-header': 'diff-response-header-enum-added',
  },
  kind: 'enum-values',
  effect: 'narrow',
  text: 'the values were restricted to an enum',
  detect(node, context) {
    const { base: b, revision: r } = node;
    const be = keyword(b, 'enum');
    const re = keyword(r, 'enum');
    if (!isArray(be) && isArray(re))
      context.report(keywordAt(r, 'enum'), b.path, `${context.label} is now restricted to ${re.map(quote).join(', ')}`);
  },
} as const satisfies SchemaChangeDefinition;

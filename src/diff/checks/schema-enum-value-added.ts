import { isArray } from '../../../rulesets/lib/openapi/types.js';
import { keyword } from '../schema.js';
import { keywordAt, quote } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'enum-value-added',
  ids: {
    'request-parameter': 'diff-request-parameter-enum-value-added',
    'request-body': 'diff-request-body-enum-value-added',
    'response-body': 'diff-response-body-enum-value-added',
    'response-header': 'diff-response-header-enum-value-added',
  },
  kind: 'enum-values',
  effect: 'widen',
  text: 'an enum value was added',
  detect(node, context) {
    const { base: b, revision: r } = node;
    const be = keyword(b, 'enum');
    const re = keyword(r, 'enum');
    if (!isArray(be) || !isArray(re)) return;
    const baseValues = new Set(be.map((value) => JSON.stringify(value)));
    const added = re.filter((value) => !baseValues.has(JSON.stringify(value)));
    if (added.length)
      context.report(
        keywordAt(r, 'enum'),
        keywordAt(b, 'enum'),
        `${context.label}: enum value${added.length > 1 ? 's' : ''} ${added.map(quote).join(', ')} added`,
      );
  },
} as const satisfies SchemaChangeDefinition;

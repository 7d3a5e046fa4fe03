import { isArray } from '../../../rulesets/lib/openapi/types.js';
import { keyword } from '../schema.js';
import { keywordAt, quote } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-enum-removed. */
export const change = {
  change: 'enum-removed',
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

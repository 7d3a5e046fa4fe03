import { keyword } from '../schema.js';
import { keywordAt, quote } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-pattern-removed. */
export const change = {
  change: 'pattern-removed',
  kind: 'constraints',
  effect: 'widen',
  text: 'the pattern was removed',
  detect(node, context) {
    const { base: b, revision: r } = node;
    const bv = keyword(b, 'pattern');
    const rv = keyword(r, 'pattern');
    if (bv !== undefined && rv === undefined)
      context.report(r.path, keywordAt(b, 'pattern'), `${context.label} no longer has to match ${quote(bv)}`);
  },
} as const satisfies SchemaChangeDefinition;

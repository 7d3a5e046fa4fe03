import { keyword } from '../schema.js';
import { keywordAt, quote } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-pattern-added. */
export const change = {
  change: 'pattern-added',
  kind: 'constraints',
  effect: 'narrow',
  text: 'a pattern was added',
  detect(node, context) {
    const { base: b, revision: r } = node;
    const bv = keyword(b, 'pattern');
    const rv = keyword(r, 'pattern');
    if (bv === undefined && rv !== undefined)
      context.report(keywordAt(r, 'pattern'), b.path, `${context.label} must now match ${quote(rv)}`);
  },
} as const satisfies SchemaChangeDefinition;

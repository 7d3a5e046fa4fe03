import { fingerprint } from '../schema.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'not-changed',
  ids: {
    'request-parameter': 'diff-request-parameter-not-changed',
    'request-body': 'diff-request-body-not-changed',
    'response-body': 'diff-response-body-not-changed',
    'response-header': 'diff-response-header-not-changed',
  },
  kind: 'constraints',
  // Which values a changed `not` lets through cannot be proven the same, so a gate never allows it
  // unseen (a `not` that only negates another, by De Morgan, is read through: flatten.ts).
  effect: 'incompatible',
  text: 'the schema under `not` changed and is not a negation vottur can read through; breaking: the values it refuses changed in a way that cannot be proven safe',
  detect(node, context) {
    const pair = node.not;
    if (
      pair?.base &&
      pair.revision &&
      fingerprint(context.base, pair.base.value) !== fingerprint(context.revision, pair.revision.value)
    )
      context.report(pair.revision.path, pair.base.path, `${context.label}: the schema under not changed`);
  },
} as const satisfies SchemaChangeDefinition;

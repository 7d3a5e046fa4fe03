import { baseAt, revisionAt } from '../tree.js';
import type { SchemaChangeDefinition } from '../model.js';
import { dependentRequiredChanges } from '../shared-decisions.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'dependent-required-removed',
  ids: {
    'request-parameter': 'diff-request-parameter-dependent-required-removed',
    'request-body': 'diff-request-body-dependent-required-removed',
    'response-body': 'diff-response-body-dependent-required-removed',
    'response-header': 'diff-response-header-dependent-required-removed',
  },
  kind: 'requiredness',
  effect: 'widen',
  text: 'a `dependentRequired` requirement was removed',
  detect(node, context) {
    const pair = node.dependentRequired;
    if (!pair) return;
    for (const { key, removed } of dependentRequiredChanges(pair)) {
      if (removed.length)
        context.report(
          revisionAt(pair, node),
          baseAt(pair, node),
          `${context.label}: when ${key} is present, ${removed.join(', ')} no longer must be`,
        );
    }
  },
} as const satisfies SchemaChangeDefinition;

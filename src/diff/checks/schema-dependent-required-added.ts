import { baseAt, revisionAt } from '../tree.js';
import type { SchemaChangeDefinition } from '../model.js';
import { dependentRequiredChanges } from '../shared-decisions.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'dependent-required-added',
  ids: {
    'request-parameter': 'diff-request-parameter-dependent-required-added',
    'request-body': 'diff-request-body-dependent-required-added',
    'response-body': 'diff-response-body-dependent-required-added',
    'response-header': 'diff-response-header-dependent-required-added',
  },
  kind: 'requiredness',
  effect: 'narrow',
  text: 'a property now requires others when present (`dependentRequired` added or extended)',
  detect(node, context) {
    const pair = node.dependentRequired;
    if (!pair) return;
    for (const { key, added } of dependentRequiredChanges(pair)) {
      if (added.length)
        context.report(
          revisionAt(pair, node),
          baseAt(pair, node),
          `${context.label}: when ${key} is present, ${added.join(', ')} must now be present too`,
        );
    }
  },
} as const satisfies SchemaChangeDefinition;

import { baseAt, revisionAt } from '../tree.js';
import type { SchemaChangeDefinition } from '../model.js';
import { dependentRequiredChanges } from '../shared-decisions.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-dependent-required-removed. */
export const change = {
  change: 'dependent-required-removed',
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

import { fingerprint } from '../schema.js';
import { baseAt, revisionAt } from '../tree.js';
import { hasBranch } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'condition-changed',
  ids: {
    'request-parameter': 'diff-request-parameter-condition-changed',
    'request-body': 'diff-request-body-condition-changed',
    'response-body': 'diff-response-body-condition-changed',
    'response-header': 'diff-response-header-condition-changed',
  },
  kind: 'structure',
  // The condition both admits values (to `then`) and refuses them (to `else`): which values a changed
  // one lets through cannot be proven the same, so a gate never allows it unseen. A conditional
  // that only says X or not X (a `false` or `true` branch) is read as that (flatten.ts).
  effect: 'incompatible',
  text: 'the condition (`if`) changed, so other values take each branch; breaking: which values are allowed changed in a way that cannot be proven safe',
  detect(node, context) {
    const condition = node.if;
    const branches = (side: 'base' | 'revision') => hasBranch(node.then, side) || hasBranch(node.else, side);
    // An `if` with no branch that restricts anything on either side decides nothing.
    if (!branches('base') && !branches('revision')) return;
    if (
      condition?.base &&
      condition.revision &&
      fingerprint(context.base, condition.base.value) !== fingerprint(context.revision, condition.revision.value)
    ) {
      context.report(condition.revision.path, condition.base.path, `${context.label}: the if condition changed`);
    } else if (condition && (!condition.base || !condition.revision)) {
      // An `if` added or removed while branches stay: which values take a branch changed.
      if (branches('base') && branches('revision'))
        context.report(
          revisionAt(condition, node),
          baseAt(condition, node),
          `${context.label}: the if condition was ${condition.revision ? 'added' : 'removed'}`,
        );
    }
  },
} as const satisfies SchemaChangeDefinition;

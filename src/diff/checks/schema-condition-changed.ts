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
  effect: 'undecidable',
  text: 'the condition (`if`) changed, so other values take each branch',
  detect(node, context) {
    const condition = node.if;
    if (
      condition?.base &&
      condition.revision &&
      fingerprint(context.base, condition.base.value) !== fingerprint(context.revision, condition.revision.value)
    ) {
      context.report(condition.revision.path, condition.base.path, `${context.label}: the if condition changed`);
    } else if (condition && (!condition.base || !condition.revision)) {
      // An `if` added or removed while branches stay: which values take a branch changed.
      const branches = (side: 'base' | 'revision') => hasBranch(node.then, side) || hasBranch(node.else, side);
      if (branches('base') && branches('revision'))
        context.report(
          revisionAt(condition, node),
          baseAt(condition, node),
          `${context.label}: the if condition was ${condition.revision ? 'added' : 'removed'}`,
        );
    }
  },
} as const satisfies SchemaChangeDefinition;

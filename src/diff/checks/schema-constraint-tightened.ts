import { boundChanges, emptyValueChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'constraint-tightened',
  ids: {
    'request-parameter': 'diff-request-parameter-constraint-tightened',
    'request-body': 'diff-request-body-constraint-tightened',
    'response-body': 'diff-response-body-constraint-tightened',
    'response-header': 'diff-response-header-constraint-tightened',
  },
  kind: 'constraints',
  effect: 'narrow',
  text: 'a bound (minimum, maximum, length, item count, property count, minContains/maxContains, multipleOf, uniqueItems) was tightened or added, or a query parameter no longer allows an empty value (`allowEmptyValue` removed)',
  detect(node, context) {
    for (const decided of boundChanges(node, context.label))
      if (decided.outcome === 'constraint-tightened') context.report(decided.path, decided.basePath, decided.message);
  },
  parameter(node, context) {
    // A query parameter's allowEmptyValue: whether `?name=` is a value the parameter takes.
    const decided = emptyValueChange(node);
    if (decided?.outcome === 'refused') context.report(decided.path, decided.basePath, decided.message);
  },
} as const satisfies SchemaChangeDefinition;

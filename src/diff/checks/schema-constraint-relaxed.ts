import { boundChanges, emptyValueChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'constraint-relaxed',
  ids: {
    'request-parameter': 'diff-request-parameter-constraint-relaxed',
    'request-body': 'diff-request-body-constraint-relaxed',
    'response-body': 'diff-response-body-constraint-relaxed',
    'response-header': 'diff-response-header-constraint-relaxed',
  },
  kind: 'constraints',
  effect: 'widen',
  text: 'a bound (minimum, maximum, length, item count, property count, minContains/maxContains, multipleOf, uniqueItems) was relaxed or removed, or a query parameter now allows an empty value (`allowEmptyValue: true`)',
  detect(node, context) {
    for (const decided of boundChanges(node, context.label))
      if (decided.outcome === 'constraint-relaxed') context.report(decided.path, decided.basePath, decided.message);
  },
  parameter(node, context) {
    // A query parameter's allowEmptyValue: whether `?name=` is a value the parameter takes.
    const decided = emptyValueChange(node);
    if (decided?.outcome === 'allowed') context.report(decided.path, decided.basePath, decided.message);
  },
} as const satisfies SchemaChangeDefinition;

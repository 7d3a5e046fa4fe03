import { typeChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'type-narrowed',
  ids: {
    'request-parameter': 'diff-request-parameter-type-narrowed',
    'request-body': 'diff-request-body-type-narrowed',
    'response-body': 'diff-response-body-type-narrowed',
    'response-header': 'diff-response-header-type-narrowed',
  },
  kind: 'type',
  effect: 'narrow',
  text: 'the type now allows less (number → integer, a type removed, or, in a request parameter sent as text, string → number, integer or boolean, or a query parameter that may no longer be repeated)',
  detect(node, context) {
    const decided = typeChange(node, context.label, context.textual);
    if (decided?.outcome === 'type-narrowed') context.report(decided.path, decided.basePath, decided.message);
  },
  parameter(node, context) {
    // A query parameter that may no longer be repeated: its schema was an array sent form-exploded.
    const slot = node.schema;
    if (slot?.repeated?.change === 'removed')
      context.report(
        slot.revision.path,
        slot.repeated.arrayType,
        `${slot.label} may no longer be repeated (it was an array sent form-exploded)`,
      );
  },
} as const satisfies SchemaChangeDefinition;

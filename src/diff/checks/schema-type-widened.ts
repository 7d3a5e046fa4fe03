import { typeChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'type-widened',
  ids: {
    'request-parameter': 'diff-request-parameter-type-widened',
    'request-body': 'diff-request-body-type-widened',
    'response-body': 'diff-response-body-type-widened',
    'response-header': 'diff-response-header-type-widened',
  },
  kind: 'type',
  effect: 'widen',
  text: 'the type now allows more (integer → number, a type added, or, in a request parameter sent as text, number, integer or boolean → string, or a query parameter that may now be repeated as a form-exploded array)',
  detect(node, context) {
    const decided = typeChange(node, context.label, context.textual);
    if (decided?.outcome === 'type-widened') context.report(decided.path, decided.basePath, decided.message);
  },
  parameter(node, context) {
    // A query parameter that may now be repeated: its schema became an array sent form-exploded.
    const slot = node.schema;
    if (slot?.repeated?.change === 'added')
      context.report(
        slot.repeated.arrayType,
        slot.base.path,
        `${slot.label} may now be repeated (an array sent form-exploded); one value is sent as before`,
      );
  },
} as const satisfies SchemaChangeDefinition;

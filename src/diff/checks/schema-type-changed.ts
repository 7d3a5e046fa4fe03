import { typeChange } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'type-changed',
  ids: {
    'request-parameter': 'diff-request-parameter-type-changed',
    'request-body': 'diff-request-body-type-changed',
    'response-body': 'diff-response-body-type-changed',
    'response-header': 'diff-response-header-type-changed',
  },
  kind: 'type',
  effect: 'incompatible',
  text: 'the type changed to one that shares no values with the old one',
  detect(node, context) {
    const decided = typeChange(node, context.label, context.textual);
    if (decided?.outcome === 'type-changed') context.report(decided.path, decided.basePath, decided.message);
  },
} as const satisfies SchemaChangeDefinition;

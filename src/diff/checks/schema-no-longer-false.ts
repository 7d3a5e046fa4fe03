import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'no-longer-false',
  ids: {
    'request-parameter': 'diff-request-parameter-no-longer-false',
    'request-body': 'diff-request-body-no-longer-false',
    'response-body': 'diff-response-body-no-longer-false',
    'response-header': 'diff-response-header-no-longer-false',
  },
  kind: 'constraints',
  effect: 'widen',
  text: 'a schema that was `false` (a boolean schema, OpenAPI 3.1: no value allowed) now allows values',
  detect(node, context) {
    if (node.allowsNothing === 'base')
      context.report(
        node.revision.path,
        node.base.path,
        `${context.label} allowed no value (its schema was false) and now allows values`,
      );
  },
} as const satisfies SchemaChangeDefinition;

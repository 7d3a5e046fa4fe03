import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'became-false',
  ids: {
    'request-parameter': 'diff-request-parameter-became-false',
    'request-body': 'diff-request-body-became-false',
    'response-body': 'diff-response-body-became-false',
    'response-header': 'diff-response-header-became-false',
  },
  kind: 'constraints',
  // A request narrowed to nothing refuses what callers sent; a response member that can no longer
  // appear is gone for the callers that read it (as a property removed from a response is).
  effect: { request: 'narrow', response: 'incompatible' },
  text: 'a schema became `false` (a boolean schema, OpenAPI 3.1), or its `allOf` parts now share no value (a `false` part, `type: string` beside `type: integer`): it now allows no value at all, so the property, item or body it describes can no longer be sent (in a request) or is never sent again (in a response)',
  detect(node, context) {
    if (node.allowsNothing === 'revision')
      context.report(
        node.revision.path,
        node.base.path,
        `${context.label} now allows no value (its schema became false)`,
      );
  },
} as const satisfies SchemaChangeDefinition;

import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'not-added',
  ids: {
    'request-parameter': 'diff-request-parameter-not-added',
    'request-body': 'diff-request-body-not-added',
    'response-body': 'diff-response-body-not-added',
    'response-header': 'diff-response-header-not-added',
  },
  kind: 'constraints',
  effect: 'narrow',
  text: 'values matching a schema are now refused (`not` was added)',
  detect(node, context) {
    const pair = node.not;
    if (pair && !pair.base && pair.revision)
      context.report(
        pair.revision.path,
        node.base.path,
        `${context.label}: values matching the schema under not are now refused`,
      );
  },
} as const satisfies SchemaChangeDefinition;

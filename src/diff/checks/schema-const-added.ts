import { baseAt, revisionAt } from '../tree.js';
import { quote } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'const-added',
  ids: {
    'request-parameter': 'diff-request-parameter-const-added',
    'request-body': 'diff-request-body-const-added',
    'response-body': 'diff-response-body-const-added',
    'response-header': 'diff-response-header-const-added',
  },
  kind: 'enum-values',
  effect: 'narrow',
  text: 'the value was fixed with `const`',
  detect(node, context) {
    const pair = node.const;
    if (!pair || !!pair.base) return;
    context.report(
      revisionAt(pair, node),
      baseAt(pair, node),
      `${context.label}: const (none) → ${pair.revision ? quote(pair.revision.value) : '(none)'}`,
    );
  },
} as const satisfies SchemaChangeDefinition;

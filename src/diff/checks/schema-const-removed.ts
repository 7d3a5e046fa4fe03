import { baseAt, revisionAt } from '../tree.js';
import { quote } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'const-removed',
  ids: {
    'request-parameter': 'diff-request-parameter-const-removed',
    'request-body': 'diff-request-body-const-removed',
    'response-body': 'diff-response-body-const-removed',
    'response-header': 'diff-response-header-const-removed',
  },
  kind: 'enum-values',
  effect: 'widen',
  text: 'the `const` restriction was removed',
  detect(node, context) {
    const pair = node.const;
    if (!pair || !(pair.base && !pair.revision)) return;
    context.report(
      revisionAt(pair, node),
      baseAt(pair, node),
      `${context.label}: const ${pair.base ? quote(pair.base.value) : '(none)'} → (none)`,
    );
  },
} as const satisfies SchemaChangeDefinition;

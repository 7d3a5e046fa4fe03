import { baseAt, revisionAt } from '../tree.js';
import { quote } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'const-changed',
  ids: {
    'request-parameter': 'diff-request-parameter-const-changed',
    'request-body': 'diff-request-body-const-changed',
    'response-body': 'diff-response-body-const-changed',
    'response-header': 'diff-response-header-const-changed',
  },
  kind: 'enum-values',
  effect: 'incompatible',
  text: 'the `const` value changed',
  detect(node, context) {
    const pair = node.const;
    if (!pair || !(pair.base && pair.revision)) return;
    context.report(
      revisionAt(pair, node),
      baseAt(pair, node),
      `${context.label}: const ${pair.base ? quote(pair.base.value) : '(none)'} → ${pair.revision ? quote(pair.revision.value) : '(none)'}`,
    );
  },
} as const satisfies SchemaChangeDefinition;

import { baseAt, revisionAt } from '../tree.js';
import { quote } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema (a request parameter, a request body, a response body, a response header): diff-<place>-const-added. */
export const change = {
  change: 'const-added',
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

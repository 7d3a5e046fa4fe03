import { baseAt, revisionAt } from '../tree.js';
import { quote } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'content-encoding-changed',
  ids: {
    'request-parameter': 'diff-request-parameter-content-encoding-changed',
    'request-body': 'diff-request-body-content-encoding-changed',
    'response-body': 'diff-response-body-content-encoding-changed',
    'response-header': 'diff-response-header-content-encoding-changed',
  },
  kind: 'type',
  effect: 'incompatible',
  text: 'the content encoding of a string (`contentEncoding`) was added, removed or changed',
  detect(node, context) {
    const pair = node.contentEncoding;
    if (pair)
      context.report(
        revisionAt(pair, node),
        baseAt(pair, node),
        `${context.label}: contentEncoding ${pair.base ? quote(pair.base.value) : '(none)'} → ${pair.revision ? quote(pair.revision.value) : '(none)'}`,
      );
  },
} as const satisfies SchemaChangeDefinition;

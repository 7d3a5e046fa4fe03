import { baseAt, revisionAt } from '../tree.js';
import { quote } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'content-media-type-changed',
  ids: {
    'request-parameter': 'diff-request-parameter-content-media-type-changed',
    'request-body': 'diff-request-body-content-media-type-changed',
    'response-body': 'diff-response-body-content-media-type-changed',
    'response-header': 'diff-response-header-content-media-type-changed',
  },
  kind: 'type',
  effect: 'incompatible',
  text: "the media type of a string's content (`contentMediaType`) was added, removed or changed",
  detect(node, context) {
    const pair = node.contentMediaType;
    if (pair)
      context.report(
        revisionAt(pair, node),
        baseAt(pair, node),
        `${context.label}: contentMediaType ${pair.base ? quote(pair.base.value) : '(none)'} → ${pair.revision ? quote(pair.revision.value) : '(none)'}`,
      );
  },
} as const satisfies SchemaChangeDefinition;

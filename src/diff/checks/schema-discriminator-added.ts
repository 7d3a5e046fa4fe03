import { baseAt, revisionAt } from '../tree.js';
import { isObject } from '../../../rulesets/lib/openapi/types.js';
import { quote } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'discriminator-added',
  ids: {
    'request-parameter': 'diff-request-parameter-discriminator-added',
    'request-body': 'diff-request-body-discriminator-added',
    'response-body': 'diff-response-body-discriminator-added',
    'response-header': 'diff-response-header-discriminator-added',
  },
  kind: 'structure',
  effect: 'undecidable',
  text: 'a discriminator was added; generated clients and servers may now dispatch on it',
  detect(node, context) {
    const pair = node.discriminator;
    if (!pair) return;
    const bd = isObject(pair.base?.value) ? pair.base.value : undefined;
    const rd = isObject(pair.revision?.value) ? pair.revision.value : undefined;
    if (!bd && rd)
      context.report(
        revisionAt(pair, node),
        baseAt(pair, node),
        `${context.label}: a discriminator on ${quote(rd.propertyName)} was added`,
      );
  },
} as const satisfies SchemaChangeDefinition;

import { baseAt, revisionAt } from '../tree.js';
import { isObject } from '../../../rulesets/lib/openapi/types.js';
import { quote } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'discriminator-removed',
  ids: {
    'request-parameter': 'diff-request-parameter-discriminator-removed',
    'request-body': 'diff-request-body-discriminator-removed',
    'response-body': 'diff-response-body-discriminator-removed',
    'response-header': 'diff-response-header-discriminator-removed',
  },
  kind: 'structure',
  effect: 'undecidable',
  text: 'the discriminator was removed; generated clients may no longer tell the alternatives apart',
  detect(node, context) {
    const pair = node.discriminator;
    if (!pair) return;
    const bd = isObject(pair.base?.value) ? pair.base.value : undefined;
    const rd = isObject(pair.revision?.value) ? pair.revision.value : undefined;
    if (bd && !rd)
      context.report(
        revisionAt(pair, node),
        baseAt(pair, node),
        `${context.label}: the discriminator on ${quote(bd.propertyName)} was removed`,
      );
  },
} as const satisfies SchemaChangeDefinition;

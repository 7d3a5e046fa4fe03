import { baseAt, revisionAt } from '../tree.js';
import { isObject } from '../../../rulesets/lib/openapi/types.js';
import { quote } from '../messages.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'discriminator-property-changed',
  ids: {
    'request-parameter': 'diff-request-parameter-discriminator-property-changed',
    'request-body': 'diff-request-body-discriminator-property-changed',
    'response-body': 'diff-response-body-discriminator-property-changed',
    'response-header': 'diff-response-header-discriminator-property-changed',
  },
  kind: 'structure',
  effect: 'undecidable',
  text: 'the discriminator property name changed; generated clients and servers that dispatch on it need review (validation does not change)',
  detect(node, context) {
    const pair = node.discriminator;
    if (!pair) return;
    const bd = isObject(pair.base?.value) ? pair.base.value : undefined;
    const rd = isObject(pair.revision?.value) ? pair.revision.value : undefined;
    if (bd && rd && bd.propertyName !== rd.propertyName)
      context.report(
        [...revisionAt(pair, node), 'propertyName'],
        [...baseAt(pair, node), 'propertyName'],
        `${context.label}: the discriminator property changed from ${quote(bd.propertyName)} to ${quote(rd.propertyName)}`,
      );
  },
} as const satisfies SchemaChangeDefinition;

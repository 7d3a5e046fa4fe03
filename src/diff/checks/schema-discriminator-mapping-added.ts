import { quote } from '../messages.js';
import { discriminatorMappings } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'discriminator-mapping-added',
  ids: {
    'request-parameter': 'diff-request-parameter-discriminator-mapping-added',
    'request-body': 'diff-request-body-discriminator-mapping-added',
    'response-body': 'diff-response-body-discriminator-mapping-added',
    'response-header': 'diff-response-header-discriminator-mapping-added',
  },
  kind: 'enum-values',
  effect: 'undecidable',
  text: 'a discriminator mapping value was added',
  detect(node, context) {
    const mappings = discriminatorMappings(node);
    if (!mappings) return;
    const { where, was, baseMapping: bm, revisionMapping: rm } = mappings;
    for (const value of Object.keys(rm)) {
      if (bm[value] === undefined)
        context.report(
          [...where, 'mapping', value],
          was,
          `${context.label}: discriminator value ${quote(value)} was added`,
        );
    }
  },
} as const satisfies SchemaChangeDefinition;

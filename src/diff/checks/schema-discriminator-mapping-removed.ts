import { quote } from '../messages.js';
import { discriminatorMappings } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'discriminator-mapping-removed',
  ids: {
    'request-parameter': 'diff-request-parameter-discriminator-mapping-removed',
    'request-body': 'diff-request-body-discriminator-mapping-removed',
    'response-body': 'diff-response-body-discriminator-mapping-removed',
    'response-header': 'diff-response-header-discriminator-mapping-removed',
  },
  kind: 'enum-values',
  effect: 'undecidable',
  text: 'a discriminator mapping value was removed',
  detect(node, context) {
    const mappings = discriminatorMappings(node);
    if (!mappings) return;
    const { where, was, revision: rd, baseMapping: bm, revisionMapping: rm } = mappings;
    for (const value of Object.keys(bm)) {
      if (rm[value] === undefined)
        context.report(
          [...where, ...(rd.mapping !== undefined ? ['mapping'] : [])],
          [...was, 'mapping', value],
          `${context.label}: discriminator value ${quote(value)} was removed`,
        );
    }
  },
} as const satisfies SchemaChangeDefinition;

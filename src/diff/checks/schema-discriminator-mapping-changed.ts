import { quote } from '../messages.js';
import { discriminatorMappings } from '../shared-decisions.js';
import type { SchemaChangeDefinition } from '../model.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'discriminator-mapping-changed',
  ids: {
    'request-parameter': 'diff-request-parameter-discriminator-mapping-changed',
    'request-body': 'diff-request-body-discriminator-mapping-changed',
    'response-body': 'diff-response-body-discriminator-mapping-changed',
    'response-header': 'diff-response-header-discriminator-mapping-changed',
  },
  kind: 'enum-values',
  // The value callers send selects another schema on the server, and the value they receive means
  // another shape to their generated code: what a value means changed, in either direction.
  effect: 'incompatible',
  text: 'a discriminator mapping value now names another schema, so the same value means another shape',
  detect(node, context) {
    const mappings = discriminatorMappings(node);
    if (!mappings) return;
    const { where, was, baseMapping: bm, revisionMapping: rm } = mappings;
    for (const [value, target] of Object.entries(bm)) {
      if (rm[value] !== undefined && rm[value] !== target)
        context.report(
          [...where, 'mapping', value],
          [...was, 'mapping', value],
          `${context.label}: discriminator value ${quote(value)} now names ${quote(rm[value])}, was ${quote(target)}`,
        );
    }
  },
} as const satisfies SchemaChangeDefinition;

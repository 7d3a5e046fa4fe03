import { isArray } from '../../../rulesets/lib/openapi/types.js';
import { allowsAnything } from '../tree.js';
import type { SchemaChangeDefinition } from '../model.js';
import { positionSchema } from '../shared-decisions.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'prefix-items-removed',
  ids: {
    'request-parameter': 'diff-request-parameter-prefix-items-removed',
    'request-body': 'diff-request-body-prefix-items-removed',
    'response-body': 'diff-response-body-prefix-items-removed',
    'response-header': 'diff-response-header-prefix-items-removed',
  },
  kind: 'structure',
  effect: 'widen',
  text: 'a leading array position (`prefixItems`) lost its schema (where `items` now constrains it, the two schemas are compared instead)',
  detect(node, context) {
    const pair = node.prefixItems;
    if (!pair) return;
    const bl = isArray(pair.base?.value) ? pair.base.value : [];
    const rl = isArray(pair.revision?.value) ? pair.revision.value : [];
    const basePath = pair.base?.path ?? node.base.path;
    const revisionPath = pair.revision?.path ?? node.revision.path;
    for (let i = 0; i < Math.max(bl.length, rl.length); i++) {
      const bSet = bl[i] !== undefined && !allowsAnything(bl[i]);
      if (bSet && !positionSchema(node, 'revision', i))
        context.report(
          rl[i] !== undefined ? [...revisionPath, i] : revisionPath,
          [...basePath, i],
          `${context.label}[${i}] no longer has a schema (prefixItems)`,
        );
    }
  },
} as const satisfies SchemaChangeDefinition;

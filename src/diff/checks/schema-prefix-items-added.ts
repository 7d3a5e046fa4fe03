import { isArray } from '../../../rulesets/lib/openapi/types.js';
import { allowsAnything } from '../tree.js';
import type { SchemaChangeDefinition } from '../model.js';
import { positionSchema } from '../shared-decisions.js';

/** In any schema: a request parameter, a request body, a response body, a response header (one id each). */
export const change = {
  change: 'prefix-items-added',
  ids: {
    'request-parameter': 'diff-request-parameter-prefix-items-added',
    'request-body': 'diff-request-body-prefix-items-added',
    'response-body': 'diff-response-body-prefix-items-added',
    'response-header': 'diff-response-header-prefix-items-added',
  },
  kind: 'structure',
  effect: 'narrow',
  text: 'a leading array position (`prefixItems`) now has a schema (where `items` constrained it before, the two schemas are compared instead)',
  detect(node, context) {
    const pair = node.prefixItems;
    if (!pair) return;
    const bl = isArray(pair.base?.value) ? pair.base.value : [];
    const rl = isArray(pair.revision?.value) ? pair.revision.value : [];
    const basePath = pair.base?.path ?? node.base.path;
    const revisionPath = pair.revision?.path ?? node.revision.path;
    for (let i = 0; i < Math.max(bl.length, rl.length); i++) {
      const rSet = rl[i] !== undefined && !allowsAnything(rl[i]);
      if (!positionSchema(node, 'base', i) && rSet)
        context.report([...revisionPath, i], basePath, `${context.label}[${i}] now has a schema (prefixItems)`);
    }
  },
} as const satisfies SchemaChangeDefinition;

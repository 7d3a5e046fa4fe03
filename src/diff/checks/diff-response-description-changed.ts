import { isObject } from '../../../rulesets/lib/openapi/types.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-response-description-changed',
  class: 'documentation',
  area: 'responses',
  kind: 'documentation',
  category: 'documentation',
  description: 'The description of a response changed.',
  level: 'response',
  detect(node, context) {
    const b = node.base?.value;
    const r = node.revision?.value;
    if (node.base && node.revision && isObject(b) && isObject(r) && b.description !== r.description)
      context.report(
        [...node.revision.path, 'description'],
        [...node.base.path, 'description'],
        `the description of response ${node.status} changed`,
      );
  },
} as const satisfies FixedCheck;

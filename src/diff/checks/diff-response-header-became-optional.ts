import { isObject } from '../../../rulesets/lib/openapi/types.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-response-header-became-optional',
  class: 'breaking',
  area: 'headers',
  kind: 'requiredness',
  category: 'data-format',
  description: 'A response header is no longer always sent.',
  level: 'header',
  detect(node, context) {
    const b = node.base?.value;
    const r = node.revision?.value;
    if (node.base && node.revision && isObject(b) && isObject(r) && b.required === true && r.required !== true)
      context.report(
        node.revision.path,
        [...node.base.path, 'required'],
        `header ${node.revisionName ?? node.name} of the ${node.label} is no longer always sent`,
      );
  },
} as const satisfies FixedCheck;

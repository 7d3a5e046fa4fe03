import { serialisation } from '../description-tree.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-parameter-style-changed',
  class: 'breaking',
  area: 'parameters',
  kind: 'structure',
  category: 'data-format',
  description:
    'The serialisation (style, explode, or allowReserved of a query parameter) of a request parameter changed; callers encode it the old way.',
  level: 'parameter',
  detect(node, context) {
    if (!node.base || !node.revision) return;
    const before = serialisation(node.base.parameter);
    const after = serialisation(node.revision.parameter);
    if (before !== after)
      context.report(
        node.revision.path,
        node.base.path,
        `${node.revision.in} parameter ${node.revision.name} is serialised as ${after}, was ${before}`,
      );
  },
} as const satisfies FixedCheck;

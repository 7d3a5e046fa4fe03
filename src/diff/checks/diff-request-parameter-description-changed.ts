import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-parameter-description-changed',
  class: 'documentation',
  area: 'parameters',
  kind: 'documentation',
  category: 'documentation',
  description: 'The description of a request parameter changed.',
  level: 'parameter',
  detect(node, context) {
    if (!node.base || !node.revision) return;
    const after = node.revision.parameter.description;
    if (node.base.parameter.description !== after)
      context.report(
        after !== undefined ? [...node.revision.path, 'description'] : node.revision.path,
        [...node.base.path, 'description'],
        `the description of ${node.revision.in} parameter ${node.revision.name} changed`,
      );
  },
} as const satisfies FixedCheck;

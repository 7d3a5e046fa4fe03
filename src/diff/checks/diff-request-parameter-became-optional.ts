import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-parameter-became-optional',
  class: 'non-breaking',
  area: 'parameters',
  kind: 'requiredness',
  category: 'data-format',
  description: 'A request parameter became optional.',
  level: 'parameter',
  detect(node, context) {
    if (
      node.base &&
      node.revision &&
      node.base.parameter.required === true &&
      node.revision.parameter.required !== true
    )
      context.report(
        node.revision.parameter.required !== undefined ? [...node.revision.path, 'required'] : node.revision.path,
        [...node.base.path, 'required'],
        `${node.revision.in} parameter ${node.revision.name} became optional`,
      );
  },
} as const satisfies FixedCheck;

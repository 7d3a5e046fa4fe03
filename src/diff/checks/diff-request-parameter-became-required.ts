import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-parameter-became-required',
  class: 'breaking',
  area: 'parameters',
  kind: 'requiredness',
  category: 'data-format',
  description: 'A request parameter became required; calls that omit it are refused.',
  level: 'parameter',
  detect(node, context) {
    if (
      node.base &&
      node.revision &&
      node.base.parameter.required !== true &&
      node.revision.parameter.required === true
    )
      context.report(
        [...node.revision.path, 'required'],
        node.base.path,
        `${node.revision.in} parameter ${node.revision.name} became required`,
      );
  },
} as const satisfies FixedCheck;

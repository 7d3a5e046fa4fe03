import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-body-became-optional',
  class: 'non-breaking',
  area: 'request-body',
  kind: 'requiredness',
  category: 'data-format',
  description: 'The request body became optional.',
  level: 'request-body',
  detect(node, context) {
    if (node.base && node.revision && node.base.value.required === true && node.revision.value.required !== true)
      context.report(
        node.revision.value.required !== undefined ? [...node.revision.path, 'required'] : node.revision.path,
        [...node.base.path, 'required'],
        'the request body became optional',
      );
  },
} as const satisfies FixedCheck;

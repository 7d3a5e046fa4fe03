import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-body-became-required',
  class: 'breaking',
  area: 'request-body',
  kind: 'requiredness',
  category: 'data-format',
  description: 'The request body became required.',
  level: 'request-body',
  detect(node, context) {
    if (node.base && node.revision && node.base.value.required !== true && node.revision.value.required === true)
      context.report([...node.revision.path, 'required'], node.base.path, 'the request body became required');
  },
} as const satisfies FixedCheck;

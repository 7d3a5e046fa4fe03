import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-body-added-required',
  class: 'breaking',
  area: 'request-body',
  kind: 'existence',
  category: 'data-format',
  description: 'A required request body was added; existing calls send none.',
  level: 'request-body',
  detect(node, context) {
    if (!node.base && node.revision && node.revision.value.required === true)
      context.report(node.revision.path, node.operation.base, 'a required request body was added');
  },
} as const satisfies FixedCheck;

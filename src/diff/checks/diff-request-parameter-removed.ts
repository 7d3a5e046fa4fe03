import { parameterLifecycle, removedBeforeSunset } from '../sunset.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-parameter-removed',
  class: 'review',
  area: 'parameters',
  kind: 'existence',
  category: 'data-format',
  description: 'A request parameter was removed; callers that send it may be refused or silently ignored.',
  level: 'parameter',
  detect(node, context) {
    const lifecycle = parameterLifecycle(node, '');
    // Before its sunset the removal breaks callers: diff-removed-before-sunset reports it.
    if (lifecycle && removedBeforeSunset(lifecycle, context.now)) return;
    if (node.base && !node.revision && !node.movedTo)
      context.report(
        node.operation.revision,
        node.base.path,
        `${node.base.in} parameter ${node.base.name} was removed`,
      );
  },
} as const satisfies FixedCheck;

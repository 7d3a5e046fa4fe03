import { quote } from '../messages.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-sunset-removed',
  class: 'breaking',
  area: 'versioning',
  kind: 'lifecycle',
  category: 'methods',
  description:
    'A deprecated operation, parameter or property that announced a sunset no longer does: callers lose the date they were promised and it may go at any time.',
  convention: { document: 'design guide', section: 'versioning.md' },
  level: 'lifecycle',
  detect(node, context) {
    if (!node.base?.sunset || !node.revision?.deprecated || node.revision.sunset) return;
    context.report(
      node.revision.path,
      node.base.sunset.path,
      `${node.text} is still deprecated but no longer announces its sunset (was ${quote(node.base.sunset.value)}, ${node.base.sunset.source})`,
    );
  },
} as const satisfies FixedCheck;

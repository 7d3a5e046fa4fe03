import { showDate } from '../sunset.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-sunset-moved-earlier',
  class: 'breaking',
  area: 'versioning',
  kind: 'lifecycle',
  category: 'methods',
  description:
    'The sunset of a deprecated operation, parameter or property moved earlier: callers planned for the date they were given.',
  convention: { document: 'design guide', section: 'versioning.md' },
  level: 'lifecycle',
  detect(node, context) {
    const before = node.base?.sunset?.date;
    const after = node.revision?.sunset?.date;
    if (!node.revision?.deprecated || !before || !after || after.getTime() >= before.getTime()) return;
    context.report(
      node.revision.sunset!.path,
      node.base!.sunset!.path,
      `the sunset of ${node.text} moved earlier, from ${showDate(before)} to ${showDate(after)}`,
    );
  },
} as const satisfies FixedCheck;

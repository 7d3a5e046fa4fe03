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
    const before = node.base?.sunset;
    const after = node.revision?.sunset;
    if (!node.revision?.deprecated || !before?.date || !after?.date) return;
    if (after.date.getTime() >= before.date.getTime()) return;
    context.report(
      after.path,
      before.path,
      `the sunset of ${node.text} moved earlier, from ${showDate(before.date)} to ${showDate(after.date)}`,
    );
  },
} as const satisfies FixedCheck;

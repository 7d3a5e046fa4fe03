import { NOTICE_SOURCE, noticeEnd, showDate } from '../sunset.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-deprecated-sunset-too-soon',
  class: 'review',
  area: 'versioning',
  kind: 'lifecycle',
  category: 'methods',
  description:
    "A newly deprecated operation, parameter or property (or a new sunset of a deprecated one) is announced to go in less than six months: the platform's design guide promises at least six months' notice.",
  convention: { document: 'design guide', section: 'versioning.md' },
  level: 'lifecycle',
  detect(node, context) {
    const sunset = node.revision?.sunset;
    if (!node.revision?.deprecated || !sunset?.date) return;
    // Only a new announcement: a deprecation or a sunset the base did not have.
    if (node.base?.deprecated && node.base.sunset) return;
    if (sunset.date.getTime() >= noticeEnd(context.now).getTime()) return;
    context.report(
      sunset.path,
      node.base?.path ?? node.removedAt,
      `${node.text} is deprecated with a sunset of ${showDate(sunset.date)}, less than six months away: ${NOTICE_SOURCE}`,
    );
  },
} as const satisfies FixedCheck;

import { removedBeforeSunset, showDate } from '../sunset.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-removed-before-sunset',
  class: 'breaking',
  area: 'versioning',
  kind: 'lifecycle',
  category: 'methods',
  description:
    'A deprecated operation, parameter or property was removed before the sunset date it announced: callers were promised it until then.',
  convention: { document: 'design guide', section: 'versioning.md' },
  level: 'lifecycle',
  detect(node, context) {
    const date = removedBeforeSunset(node, context.now);
    if (date && node.base?.sunset)
      context.report(
        node.removedAt,
        node.base.sunset.path,
        `${node.text} was removed before its sunset ${showDate(date)} (${node.base.sunset.source}): callers were promised it until then`,
      );
  },
} as const satisfies FixedCheck;

import { equal } from '../tree.js';
import { quote } from '../messages.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-sunset-invalid',
  class: 'breaking',
  area: 'versioning',
  kind: 'lifecycle',
  category: 'methods',
  description:
    'A sunset was written that is not a date (x-sunset takes an RFC 3339 date, a Sunset header an HTTP-date): callers cannot tell when the thing goes.',
  convention: { document: 'design guide', section: 'versioning.md' },
  level: 'lifecycle',
  detect(node, context) {
    const sunset = node.revision?.sunset;
    if (!sunset || sunset.date || (node.base?.sunset && equal(node.base.sunset.value, sunset.value))) return;
    context.report(
      sunset.path,
      node.base?.sunset?.path ?? node.base?.path ?? node.removedAt,
      `the sunset of ${node.text} is not a date: ${quote(sunset.value)} (${sunset.source}; write an RFC 3339 date such as 2027-06-30, or an HTTP-date in a Sunset header)`,
    );
  },
} as const satisfies FixedCheck;

import { allowsAnything } from '../tree.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-body-schema-added',
  class: 'breaking',
  area: 'request-body',
  kind: 'constraints',
  category: 'data-format',
  description:
    'A media type of the request body that had no schema (it took any body) got one: bodies callers sent that do not match it are now refused.',
  level: 'media-type',
  detect(node, context) {
    const slot = node.schema;
    if (node.scope !== 'request-body' || !slot || slot.base.value !== undefined) return;
    if (slot.revision.value === undefined || allowsAnything(slot.revision.value)) return;
    context.report(
      slot.revision.path,
      slot.base.path.slice(0, -1),
      `the ${slot.label} had no schema and now has one: a body that does not match it is refused`,
    );
  },
} as const satisfies FixedCheck;

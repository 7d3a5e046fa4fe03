import { allowsAnything } from '../tree.js';
import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-body-schema-removed',
  class: 'non-breaking',
  area: 'request-body',
  kind: 'constraints',
  category: 'data-format',
  description:
    'A media type of the request body no longer has a schema: it takes any body, so what callers sent still goes.',
  level: 'media-type',
  detect(node, context) {
    const slot = node.schema;
    if (node.scope !== 'request-body' || !slot || slot.revision.value !== undefined) return;
    if (slot.base.value === undefined || allowsAnything(slot.base.value)) return;
    context.report(
      slot.revision.path.slice(0, -1),
      slot.base.path,
      `the ${slot.label} no longer has a schema: any body is taken`,
    );
  },
} as const satisfies FixedCheck;

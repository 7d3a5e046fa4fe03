import type { FixedCheck } from '../model.js';
import { namedEntryChange } from '../shared-decisions.js';

export const check = {
  id: 'diff-response-link-changed',
  class: 'review',
  area: 'responses',
  kind: 'structure',
  category: 'documentation',
  description:
    'A link of a response was added, removed or changed; clients and generated code that follow links from this response to the next operation may need to change.',
  level: 'link',
  detect(node, context) {
    const found = namedEntryChange(node);
    if (found) context.report(found.path, found.basePath, `link ${node.name} of the response was ${found.outcome}`);
  },
} as const satisfies FixedCheck;

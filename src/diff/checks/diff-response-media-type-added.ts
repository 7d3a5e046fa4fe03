import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-response-media-type-added',
  class: 'review',
  area: 'responses',
  kind: 'existence',
  category: 'data-format',
  description:
    'A media type of a response was added: a caller that sends no `Accept` (or `*/*`) may now get a body it cannot parse.',
  level: 'media-type',
  detect(node, context) {
    if (node.scope === 'response-body' && !node.inBase && node.inRevision)
      context.report(
        [...node.revisionContentPath, node.mediaType],
        node.baseContentPath,
        `media type ${node.mediaType} of the ${node.label} was added: a caller that sends no Accept (or */*) may now receive it`,
      );
  },
} as const satisfies FixedCheck;

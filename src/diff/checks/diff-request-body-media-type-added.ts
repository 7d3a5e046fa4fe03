import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-body-media-type-added',
  class: 'non-breaking',
  area: 'request-body',
  kind: 'existence',
  category: 'data-format',
  description: 'A media type of the request body was added.',
  level: 'media-type',
  detect(node, context) {
    if (node.scope === 'request-body' && !node.inBase && node.inRevision)
      context.report(
        [...node.revisionContentPath, node.mediaType],
        node.baseContentPath,
        `media type ${node.mediaType} of the ${node.label} was added`,
      );
  },
} as const satisfies FixedCheck;

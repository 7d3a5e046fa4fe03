import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-body-media-type-removed',
  class: 'breaking',
  area: 'request-body',
  kind: 'existence',
  category: 'data-format',
  description: 'A media type of the request body was removed; callers that send it are refused (415).',
  level: 'media-type',
  detect(node, context) {
    if (node.scope === 'request-body' && node.inBase && !node.inRevision)
      context.report(
        node.revisionContentDeclared ? node.revisionContentPath : node.revisionHolderPath,
        [...node.baseContentPath, node.mediaType],
        `media type ${node.mediaType} of the ${node.label} was removed`,
      );
  },
} as const satisfies FixedCheck;

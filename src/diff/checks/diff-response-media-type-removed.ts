import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-response-media-type-removed',
  class: 'breaking',
  area: 'responses',
  kind: 'existence',
  category: 'data-format',
  description: 'A media type of a response was removed; callers that ask for it (Accept) get 406 or something else.',
  level: 'media-type',
  detect(node, context) {
    if (node.scope === 'response-body' && node.inBase && !node.inRevision)
      context.report(
        node.revisionContentDeclared ? node.revisionContentPath : node.revisionHolderPath,
        [...node.baseContentPath, node.mediaType],
        `media type ${node.mediaType} of the ${node.label} was removed`,
      );
  },
} as const satisfies FixedCheck;

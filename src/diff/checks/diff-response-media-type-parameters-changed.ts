import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-response-media-type-parameters-changed',
  class: 'review',
  area: 'responses',
  kind: 'type',
  category: 'data-format',
  description:
    'A media type of a response has other parameters (`application/json` → `application/json; charset=utf-16`, a `version` or `profile` changed): callers may decode the body differently, or ask for (Accept) what is no longer sent.',
  level: 'media-type',
  detect(node, context) {
    if (node.scope === 'response-body' && node.parametersChanged && node.revisionMediaType !== undefined)
      context.report(
        [...node.revisionContentPath, node.revisionMediaType],
        [...node.baseContentPath, node.mediaType],
        `media type ${node.mediaType} of the ${node.label} is now ${node.revisionMediaType}`,
      );
  },
} as const satisfies FixedCheck;

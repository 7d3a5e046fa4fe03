import type { FixedCheck } from '../model.js';

export const check = {
  id: 'diff-request-body-media-type-parameters-changed',
  class: 'breaking',
  area: 'request-body',
  kind: 'type',
  category: 'data-format',
  description:
    'A media type of the request body is accepted only with other parameters (`application/json` → `application/json; charset=utf-16`, a `version` or `profile` changed): what callers send as before is no longer what the API takes.',
  level: 'media-type',
  detect(node, context) {
    if (node.scope === 'request-body' && node.parametersChanged && node.revisionMediaType !== undefined)
      context.report(
        [...node.revisionContentPath, node.revisionMediaType],
        [...node.baseContentPath, node.mediaType],
        `media type ${node.mediaType} of the ${node.label} is now ${node.revisionMediaType}`,
      );
  },
} as const satisfies FixedCheck;

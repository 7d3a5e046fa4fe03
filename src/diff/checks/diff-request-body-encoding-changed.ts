import { isObject } from '../../../rulesets/lib/openapi/types.js';
import type { FixedCheck } from '../model.js';

/**
 * How one part of a multipart or form body is written, as a caller must write it: its content
 * type, style, explode and reserved characters, and the headers it must carry (attack o34r16 B6:
 * each of these changed with "0 changes"). A header given by `$ref` counts by its name.
 */
function partWriting(encoding: unknown): string | undefined {
  if (!isObject(encoding)) return undefined;
  const fields = ['contentType', 'style', 'explode', 'allowReserved']
    .filter((key) => encoding[key] !== undefined)
    .map((key) => `${key} ${JSON.stringify(encoding[key])}`);
  if (isObject(encoding.headers)) {
    const required = Object.entries(encoding.headers)
      .filter(([, header]) => isObject(header) && header.required === true)
      .map(([name]) => name.toLowerCase())
      .sort();
    if (required.length > 0) fields.push(`required headers ${required.join(', ')}`);
  }
  return fields.join(', ');
}

export const check = {
  id: 'diff-request-body-encoding-changed',
  class: 'breaking',
  area: 'request-body',
  kind: 'structure',
  category: 'data-format',
  description:
    'How a part of a multipart or form request body is written changed (its `encoding`: content type, style, explode, reserved characters, or a header it must carry): callers write the part the old way.',
  level: 'media-type',
  detect(node, context) {
    if (node.scope !== 'request-body' || node.revisionMediaType === undefined || !node.encoding) return;
    const base = isObject(node.encoding.base) ? node.encoding.base : {};
    const revision = isObject(node.encoding.revision) ? node.encoding.revision : {};
    for (const part of [...new Set([...Object.keys(base), ...Object.keys(revision)])].sort()) {
      const before = partWriting(base[part]) ?? '';
      const after = partWriting(revision[part]) ?? '';
      if (before === after) continue;
      context.report(
        [...node.revisionContentPath, node.revisionMediaType, 'encoding', ...(part in revision ? [part] : [])],
        [...node.baseContentPath, node.mediaType, 'encoding', ...(part in base ? [part] : [])],
        `part ${part} of the ${node.label} (${node.revisionMediaType}) is written as ${after || 'the default'}, was ${before || 'the default'}`,
      );
    }
  },
} as const satisfies FixedCheck;

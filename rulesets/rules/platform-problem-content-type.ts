import { defineRule, show, type Problem } from '../lib/rule.js';
import { encodePointer, mediaTypes, statusClass } from '../lib/openapi.js';
import { MEDIA_TYPE } from '../lib/conventions.js';

const PROBLEM_JSON = 'application/problem+json';

function baseType(mediaType: string): string {
  return mediaType.split(';')[0]!.trim().toLowerCase();
}

function isErrorStatus(status: string): boolean {
  return ['4', '5', 'default'].includes(statusClass(status) ?? '');
}

/** Quotes a media type key, or says that it is none (generators leave keys such as a bare word). */
function showMediaType(key: string): string {
  return MEDIA_TYPE.test(key) ? show(key) : 'a key that is not a media type (`type/subtype`)';
}

export default defineRule({
  id: 'platform-problem-content-type',
  severity: 'error',
  category: 'errors',
  description: 'Error responses (4xx, 5xx, `4XX`, `5XX`, `default`) with a body use `application/problem+json`.',
  check(document) {
    const problems: Problem[] = [];
    const all = mediaTypes(document);
    // Which media types each response declares, to allow `application/problem+xml` beside `application/problem+json`.
    const siblings = new Map<string, string[]>();
    for (const info of all) {
      const key = encodePointer(info.path.slice(0, -1));
      siblings.set(key, [...(siblings.get(key) ?? []), baseType(info.mediaType)]);
    }
    for (const info of all) {
      if (info.kind !== 'response') continue;
      // OPTIONS (CORS preflight, `Allow`) is HTTP plumbing answered by the server or gateway: every error-response rule skips it alike.
      if (info.operations.length > 0 && info.operations.every((op) => op.method === 'options')) continue;
      const statuses = info.statuses.filter(isErrorStatus);
      if (statuses.length === 0) continue;
      const base = baseType(info.mediaType);
      if (base === PROBLEM_JSON) continue;
      if (base === 'application/problem+xml' && siblings.get(encodePointer(info.path.slice(0, -1)))?.includes(PROBLEM_JSON)) continue;
      const which = statuses.length === 1 ? `The ${statuses[0]} response` : `The error response (${statuses.join(', ')})`;
      problems.push({
        message: `${which} declares ${showMediaType(info.mediaType)}; errors are Problem Details (RFC 7807) in \`${PROBLEM_JSON}\`: write \`${PROBLEM_JSON}\` instead.`,
        path: info.path,
      });
    }
    return problems;
  },
});

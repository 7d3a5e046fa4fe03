import { defineRule, type Problem } from '../lib/rule.js';
import { infoOf, isObject } from '../lib/openapi/types.js';
import { namingPath, pathSegments } from '../lib/conventions.js';

/** Quotes a path or name in full (paths are not shortened as `show` shortens long values). */
const code = (text: unknown) => `\`${String(text)}\``;

export default defineRule({
  id: 'platform-version-match',
  severity: 'warn',
  category: 'naming',
  source: { document: 'design guide', section: 'versioning.md' },
  description: 'The major version in each path (`/v2/...`) is the major version of `info.version` (`2.x.y`).',
  check(document) {
    const problems: Problem[] = [];
    const version = infoOf(document)?.version;
    // Not semver-ish: platform-info-version-semver reports it; there is no major to compare.
    const match =
      typeof version === 'string' ? /^v?(\d+)(?:(?:\.\d+){1,2}(?:[-+][0-9A-Za-z.+-]*)?)?$/i.exec(version.trim()) : null;
    if (!match || !isObject(document.paths)) return problems;
    const major = Number(match[1]);
    for (const pathKey of Object.keys(document.paths)) {
      const named = namingPath(pathKey);
      if (named === undefined) continue;
      const segments = pathSegments(named);
      const at = segments.findIndex((s) => /^v\d+([._]\d+)*$/i.test(s));
      const segment = segments[at];
      // The API's version is the first segment, or follows a fixed prefix (`/api/v2/…`); one after a
      // path variable (`/accounts/{account_id}/vectorize/v2/…`) versions a part of the API, not the API.
      if (segment === undefined || segments.slice(0, at).some((s) => s.includes('{'))) continue;
      const pathMajor = Number.parseInt(segment.slice(1), 10);
      if (pathMajor === major) continue;
      problems.push({
        message: `Path ${code(pathKey)} is under major version ${pathMajor}, but \`info.version\` is ${code(version)} (major ${major}); serve it under \`/v${major}/\` or correct \`info.version\`.`,
        path: ['paths', pathKey],
      });
    }
    return problems;
  },
});

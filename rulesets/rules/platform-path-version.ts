import { defineRule, type Problem } from '../lib/rule.js';
import { type Document, infoOf, isArray, isObject } from '../lib/openapi/types.js';
import { parameters } from '../lib/openapi/views.js';
import { isPlaceholderSegment, namingPath, pathSegments, spellPathSegment } from '../lib/conventions.js';

/**
 * A segment of a suggested path, spelt as platform-path-kebab-case would have it, so that the two
 * rules never propose different rewrites of one path (`/listClients` → `/v2/list-clients`).
 * Template variables and placeholders are kept as written.
 */
function spell(segment: string): string {
  return segment.includes('{') || isPlaceholderSegment(segment) ? segment : spellPathSegment(segment);
}
import { VERSION_QUERY_PARAMETERS } from '../lib/vocabulary.js';

/** What a finding that only the design guide asks for ends with (the seed: "the version appears in the URL path"). */
const FIRST_SEGMENT_ATTRIBUTION =
  "The platform's design guide recommends this (the version as the first path segment); the seed asks only that the version appears in the URL path.";

/** Quotes a path or name in full (paths are not shortened as `show` shortens long values). */
const code = (text: unknown) => `\`${String(text)}\``;

/** The major version `info.version` names (`2.0.0`, `v2`, `2.1`), or undefined. */
function infoMajor(document: Document): number | undefined {
  const version = infoOf(document)?.version;
  const match =
    typeof version === 'string' ? /^v?(\d+)(?:(?:\.\d+){1,2}(?:[-+][0-9A-Za-z.+-]*)?)?$/i.exec(version.trim()) : null;
  return match ? Number(match[1]) : undefined;
}

/**
 * Whether every server URL's path carries the major version (`servers: [{url: /api/v1}]`,
 * `https://x.island.is/r1/v2`): the seed's "major version in the path" is then met by the
 * full URL, and the paths below it need no version of their own.
 */
function serversCarryVersion(document: Document): boolean {
  const servers = document.servers;
  if (!isArray(servers) || servers.length === 0) return false;
  return servers.every((server) => {
    if (!isObject(server) || typeof server.url !== 'string') return false;
    const path = server.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').split(/[?#]/)[0] ?? '';
    return path.split('/').some((segment) => /^v(0|[1-9]\d*)$/.test(segment));
  });
}

/**
 * A first segment that is a version variable: `v{…}`, or a variable whose name says version (`{v}`,
 * `{version}`, `{apiVersion}`, `{api-version}`). Any other variable (`{persidno}`, a national
 * identifier) is what the operation reads, not its version.
 */
function isVersionVariable(segment: string): boolean {
  if (/^v\{/i.test(segment)) return true;
  const variable = segment.slice(1, -1);
  return /^(?:v|ver)$/i.test(variable) || /version/i.test(variable);
}

export default defineRule({
  id: 'platform-path-version',
  severity: 'error',
  category: 'naming',
  source: { document: 'seed', section: 'Versioning 2' },
  description:
    'Every path starts with the major version (`/v1/...`), and no query parameter (`v`, `version`) carries the version.',
  check(document) {
    const problems: Problem[] = [];
    const major = infoMajor(document) ?? 1;
    const paths = document.paths;
    if (isObject(paths) && !serversCarryVersion(document)) {
      for (const pathKey of Object.keys(paths)) {
        const named = namingPath(pathKey);
        if (named === undefined) continue;
        const segments = pathSegments(named);
        const first = segments[0];
        if (first !== undefined && /^v(0|[1-9]\d*)$/.test(first)) continue;
        const rest = segments.slice(1).map(spell).join('/');
        let message: string;
        if (first === undefined) {
          message = `Path ${code(pathKey)} has no version; paths start with the major version: write \`/v${major}\` or \`/v${major}/<resource>\`.`;
        } else if (/^v?\{[^{}]+\}$/i.test(first) && isVersionVariable(first)) {
          // `/v{version}/users`: a caller can put any version there; the path names the one it serves.
          const variable = first.slice(first.indexOf('{') + 1, -1);
          message = `Path ${code(pathKey)} takes its version from the template variable ${code(`{${variable}}`)}; the path names the major version it serves: write ${code(`/v${major}${rest ? `/${rest}` : ''}`)} and remove the path parameter \`${variable}\`.`;
        } else if (/^v\d+$/i.test(first)) {
          const number = Number(first.slice(1));
          message = `Path ${code(pathKey)} starts with ${code(first)}; write the major version as a lower-case \`v\` and a plain number: ${code(`/v${number}${rest ? `/${rest}` : ''}`)}.`;
        } else if (/^\d{4}-\d{2}-\d{2}$/.test(first)) {
          message = `Path ${code(pathKey)} is versioned by the date ${code(first)}; the platform versions by major number, the first path segment: write ${code(`/v${major}${rest ? `/${rest}` : ''}`)}.`;
        } else if (/^v\d+([._-]\d+)+$/i.test(first)) {
          const number = Number.parseInt(first.slice(1), 10);
          message = `Path ${code(pathKey)} starts with ${code(first)}; only the major version goes in the path (minor and patch are in \`info.version\`): write ${code(`/v${number}${rest ? `/${rest}` : ''}`)}.`;
        } else {
          const at = segments.findIndex((segment) => /^v\d+([._]\d+)*$/i.test(segment));
          const found = segments[at];
          // `/api/v{version}/users`: the version is in the path, as a template variable.
          const templated = segments.findIndex((segment) => /^v?\{[^{}]*version[^{}]*\}$/i.test(segment));
          if (at > 0 && found !== undefined) {
            const version = `v${Number.parseInt(found.slice(1), 10)}`;
            const others = segments
              .filter((_, i) => i !== at)
              .map(spell)
              .join('/');
            // The seed asks only that the version is in the URL path; the first segment is the design guide's.
            problems.push({
              message: `Path ${code(pathKey)} has its version ${code(found)} after ${code(`/${segments.slice(0, at).join('/')}`)}; the design guide puts the major version first: write ${code(`/${version}/${others}`)} (or move the prefix into the server URL). ${FIRST_SEGMENT_ATTRIBUTION}`,
              path: ['paths', pathKey],
              severity: 'warn',
            });
            continue;
          } else if (templated > 0) {
            const segment = segments[templated] ?? '';
            const variable = segment.slice(segment.indexOf('{') + 1, -1);
            const others = segments
              .filter((_, i) => i !== templated)
              .map(spell)
              .join('/');
            problems.push({
              message: `Path ${code(pathKey)} takes its version from the template variable ${code(`{${variable}}`)} after ${code(`/${segments.slice(0, templated).join('/')}`)}; the design guide puts the major version it serves first: write ${code(`/v${major}/${others}`)} and remove the path parameter \`${variable}\`. ${FIRST_SEGMENT_ATTRIBUTION}`,
              path: ['paths', pathKey],
              severity: 'warn',
            });
            continue;
          } else {
            message = `Path ${code(pathKey)} has no version; paths start with the major version: write ${code(`/v${major}/${segments.map(spell).join('/')}`)}.`;
          }
        }
        problems.push({ message, path: ['paths', pathKey] });
      }
    }
    for (const { parameter, path } of parameters(document)) {
      if (parameter.in !== 'query' || typeof parameter.name !== 'string') continue;
      if (!VERSION_QUERY_PARAMETERS.includes(parameter.name.toLowerCase())) continue;
      problems.push({
        message: `Query parameter ${code(parameter.name)} carries the API version; the version belongs in the path: \`/v${major}/...\`. Remove the parameter.`,
        path: [...path, 'name'],
      });
    }
    return problems;
  },
});

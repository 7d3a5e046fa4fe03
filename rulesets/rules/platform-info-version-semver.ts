import { defineRule, show } from '../lib/rule.js';
import { isObject } from '../lib/openapi/types.js';
import { SEMVER } from '../lib/conventions.js';

const DATE_VERSION = /^[vV]?\d{4}-\d{2}-\d{2}/;

/**
 * The semantic version closest to what was written: a leading `v`/`version` dropped, missing
 * minor and patch numbers filled with 0, leading zeros and a fourth number dropped, and a
 * pre-release tag kept when it is valid (`v2` → `2.0.0`, `1.0` → `1.0.0`, `1.0-beta` → `1.0.0-beta`).
 */
export function nearestSemver(written: string): string {
  const text = written.trim().replace(/^v(?:ersion)?[\s.:]*/i, '');
  // The numbers, then the rest on the same line (`/^(\d+(?:\.\d+)*)(.*)$/` backtracked over every
  // split of a long run of numbers before a line break).
  const digits = /^\d+(?:\.\d+)*/.exec(text)?.[0];
  const rest = digits === undefined ? '' : text.slice(digits.length);
  if (digits === undefined || /[\n\r\u2028\u2029]/.test(rest)) return '1.0.0';
  const numbers = digits.split('.').map((n) => String(Number(n)));
  while (numbers.length < 3) numbers.push('0');
  const core = numbers.slice(0, 3).join('.');
  if (rest !== '' && SEMVER.test(`${core}${rest}`)) return `${core}${rest}`;
  return core;
}

/**
 * The major the paths carry (`/v2/users` → 2; 1 when none does): the version written for a
 * description that gives none (missing, empty, a date). The message and the fix say the same.
 */
export function pathMajor(document: unknown): number {
  const paths = isObject(document) && isObject(document.paths) ? Object.keys(document.paths) : [];
  for (const key of paths) {
    const match = /^\/v(\d+)(?:\/|$)/.exec(key);
    if (match) return Number(match[1]);
  }
  return 1;
}

export default defineRule({
  id: 'platform-info-version-semver',
  severity: 'error',
  category: 'documentation',
  source: { document: 'seed', section: 'Documentation requirements 2 (info.version) and Versioning 2' },
  description: '`info.version` is a semantic version (`2.1.0`, not `v2` or `1.0`).',
  check(document) {
    const info = document.info;
    // A missing `info` object is platform-info-title's one finding.
    if (!isObject(info)) return [];
    const version = info.version;
    const fromPaths = `${pathMajor(document)}.0.0`;
    if (version === undefined) {
      return [
        {
          message: `\`info.version\` is missing; write the semantic version of the API, whose major is the paths' (\`version: ${fromPaths}\`).`,
          path: ['info'],
        },
      ];
    }
    if (typeof version === 'number') {
      return [
        {
          message: `\`info.version\` is the number ${show(version)} (an unquoted version such as \`1.0\` is read as a number); write a semantic version as a string, major.minor.patch: \`version: "${nearestSemver(String(version))}"\`.`,
          path: ['info', 'version'],
        },
      ];
    }
    if (typeof version !== 'string') {
      return [
        {
          message: `\`info.version\` is ${show(version)}; write a semantic version as a string, e.g. \`version: 1.0.0\`.`,
          path: ['info', 'version'],
        },
      ];
    }
    if (version.trim() === '') {
      return [
        {
          message: `\`info.version\` is empty; write a semantic version, major.minor.patch, whose major is the paths' (\`version: ${fromPaths}\`).`,
          path: ['info', 'version'],
        },
      ];
    }
    if (SEMVER.test(version)) return [];
    if (DATE_VERSION.test(version.trim())) {
      return [
        {
          message: `\`info.version\` is the date ${show(version)}; the catalogue expects a semantic version, major.minor.patch, whose major number is the one in the URL path: write \`${fromPaths}\`, and put release dates in the description or a changelog.`,
          path: ['info', 'version'],
        },
      ];
    }
    return [
      {
        message: `\`info.version\` is ${show(version)}, not a semantic version (major.minor.patch); write \`${nearestSemver(version)}\`.`,
        path: ['info', 'version'],
      },
    ];
  },
});

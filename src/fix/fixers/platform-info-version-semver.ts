import { isObject } from '../../../rulesets/lib/openapi/types.js';
import { SEMVER } from '../../../rulesets/lib/conventions.js';
import { nearestSemver, pathMajor } from '../../../rulesets/rules/platform-info-version-semver.js';
import { allEdits, defineFixer } from '../fixer.js';

/** `info.version` written as the nearest semantic version (`v2` → `2.0.0`; a date → the paths' major `.0.0`). */
export default defineFixer({
  ruleId: 'platform-info-version-semver',
  usualEffect: 'documentation',
  fix({ source, path, value, at }) {
    const root = at([]);
    if (path.length === 1 && path[0] === 'info' && isObject(value) && value.version === undefined) {
      const version = `${pathMajor(root)}.0.0`;
      const edits = allEdits([source.insertMember(['info'], 'version', version)]);
      return edits && { title: `Add \`version: ${version}\` to \`info\``, edits };
    }
    if (path.length !== 2 || path[1] !== 'version') return undefined;
    if (typeof value !== 'string' && typeof value !== 'number') return undefined;
    const written = String(value).trim();
    const version =
      written === '' || /^[vV]?\d{4}-\d{2}-\d{2}/.test(written) ? `${pathMajor(root)}.0.0` : nearestSemver(written);
    if (!SEMVER.test(version) || version === value) return undefined;
    const edits = allEdits([source.replaceValue(path, version)]);
    return edits && { title: `Write \`info.version\` as the semantic version \`${version}\``, edits };
  },
});

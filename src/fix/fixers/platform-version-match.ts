import { isObject } from '../../../rulesets/lib/openapi/types.js';
import { allEdits, defineFixer } from '../fixer.js';

/**
 * `info.version`'s major made the one every versioned path carries (`1.4.0` with `/v2/...` paths →
 * `2.0.0`). Only when all the paths agree: where they carry different majors, the author must
 * say which version the description is.
 */
export default defineFixer({
  ruleId: 'platform-version-match',
  usualEffect: 'documentation',
  fix({ source, at }) {
    const info = at(['info']);
    const paths = at(['paths']);
    if (!isObject(info) || typeof info.version !== 'string' || !isObject(paths)) return undefined;
    const majors = new Set<number>();
    for (const key of Object.keys(paths)) {
      const segment = key.split('/').find((part) => /^v\d+([._]\d+)*$/i.test(part));
      if (segment) majors.add(Number.parseInt(segment.slice(1), 10));
    }
    if (majors.size !== 1) return undefined;
    const major = [...majors][0];
    const match = /^v?(\d+)((?:\.\d+){1,2})?([-+][0-9A-Za-z.+-]*)?$/i.exec(info.version.trim());
    if (!match || Number(match[1]) === major) return undefined;
    const version = `${major}.0.0`;
    const edits = allEdits([source.replaceValue(['info', 'version'], version)]);
    return edits && { title: `Write \`info.version\` as \`${version}\`, the major of the paths`, edits };
  },
});

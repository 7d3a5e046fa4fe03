import { isAbsoluteHttpUrl, suggestHttpUrl } from '../../../rulesets/lib/conventions.js';
import { isObject } from '../../../rulesets/lib/openapi/types.js';
import { allEdits, defineFixer } from '../fixer.js';
import type { TextEdit } from '../types.js';

const LINK_KEYS = ['responsibleParty', 'documentation', 'bugReport', 'featureRequest'];
const keyShape = (key: string) => key.toLowerCase().replace(/[-_\s]/g, '');
/** Whether another key of `object` is spelt like `key` (`x_links` and `xLinks`): both renamed, the key would be written twice. */
const twoSpellings = (object: unknown, key: string) =>
  isObject(object) && Object.keys(object).some((other) => other !== key && keyShape(other) === keyShape(key));

/**
 * `x_links` → `x-links`; a link key spelt otherwise (`responsible_party`) → its published name;
 * a link written without its scheme (`www.skra.is`) → `https://www.skra.is`; a single address
 * where the object of links belongs → `{ responsibleParty: <address> }`.
 */
export default defineFixer({
  ruleId: 'platform-info-x-links',
  usualEffect: 'documentation',
  fix({ source, path, value, at }) {
    if (path[0] !== 'info' || path.length < 2) return undefined;
    const key = String(path[1]);
    if (path.length === 2) {
      if (keyShape(key) !== keyShape('x-links')) return undefined;
      const edits: Array<TextEdit | undefined> = [];
      if (key !== 'x-links') {
        if (isObject(at(['info'])) && Object.prototype.hasOwnProperty.call(at(['info']), 'x-links')) return undefined;
        if (twoSpellings(at(['info']), key)) return undefined;
        edits.push(source.renameKey(path, 'x-links'));
      }
      let url: string | undefined;
      if (typeof value === 'string') {
        url = isAbsoluteHttpUrl(value) ? value : suggestHttpUrl(value);
        if (!url) return undefined;
        edits.push(source.replaceValue(path, { responsibleParty: url }));
      } else if (!isObject(value)) return undefined;
      const whole = allEdits(edits);
      if (!whole || whole.length === 0) return undefined;
      return {
        // The title quotes the value written, whole (a fix writes what its message says).
        title: url ? `Write \`x-links: { responsibleParty: ${url} }\`` : `Rename \`${key}\` to \`x-links\``,
        edits: whole,
      };
    }
    if (path.length !== 3) return undefined;
    const links = at(path.slice(0, 2));
    if (!isObject(links)) return undefined;
    const linkKey = String(path[2]);
    const meant = LINK_KEYS.find((known) => keyShape(known) === keyShape(linkKey));
    if (!meant) return undefined;
    if (linkKey !== meant) {
      if (Object.prototype.hasOwnProperty.call(links, meant) || twoSpellings(links, linkKey)) return undefined;
      const edits = allEdits([source.renameKey(path, meant)]);
      return edits && { title: `Rename \`${linkKey}\` to \`${meant}\``, edits };
    }
    if (typeof value !== 'string' || isAbsoluteHttpUrl(value)) return undefined;
    const url = suggestHttpUrl(value);
    if (!url) return undefined;
    const edits = allEdits([source.replaceValue(path, url)]);
    return edits && { title: `Write \`${meant}\` in full: \`${url}\``, edits };
  },
});

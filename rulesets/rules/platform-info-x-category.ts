import { defineRule } from '../lib/rule.js';
import { isObject } from '../lib/openapi/types.js';
import { X_CATEGORY_VALUES } from '../lib/conventions.js';
import { X_CATEGORY_ALIASES } from '../lib/vocabulary.js';
import { checkValueList, type ValueList } from '../lib/info-extensions.js';

export const X_CATEGORY: ValueList = {
  name: 'x-category',
  values: X_CATEGORY_VALUES,
  aliases: X_CATEGORY_ALIASES,
  purpose: 'which kinds of data the API serves',
  example: 'official',
  aliasNote: (written, meant) =>
    written.trim().toLowerCase() === 'public'
      ? "is a category the catalogue's code knows but the published convention does not; for data anyone may use write `open`"
      : `is not one of the convention's values; for what it means write \`${meant}\``,
};

export default defineRule({
  id: 'platform-info-x-category',
  severity: 'error',
  category: 'documentation',
  source: { document: 'seed', section: 'Documentation requirements 2 (x-category)' },
  description: '`info.x-category` is a non-empty array of `open`, `official`, `personal`, `health`, `financial`.',
  check(document) {
    const info = document.info;
    // A missing `info` object is platform-info-title's one finding.
    if (!isObject(info)) return [];
    return checkValueList(info, X_CATEGORY);
  },
});

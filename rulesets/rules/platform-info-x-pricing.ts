import { defineRule } from '../lib/rule.js';
import { isObject } from '../lib/openapi/types.js';
import { X_PRICING_VALUES } from '../lib/conventions.js';
import { X_PRICING_ALIASES } from '../lib/vocabulary.js';
import { checkValueList, type ValueList } from '../lib/info-extensions.js';

const X_PRICING: ValueList = {
  name: 'x-pricing',
  values: X_PRICING_VALUES,
  aliases: X_PRICING_ALIASES,
  purpose: 'whether using the API costs money',
  example: 'free',
  caseNote: (written, meant) =>
    written === meant.charAt(0).toUpperCase() + meant.slice(1)
      ? `is capitalised as the catalogue's code writes it; the published convention writes \`${meant}\``
      : `is not in lower case; write \`${meant}\``,
  aliasNote: (written, meant) =>
    `is not one of the convention's values (${X_PRICING_VALUES.join(', ')}); for what it means write \`${meant}\``,
};

export default defineRule({
  id: 'platform-info-x-pricing',
  severity: 'error',
  category: 'documentation',
  source: { document: 'seed', section: 'Documentation requirements 2 (x-pricing)' },
  description: '`info.x-pricing` is a non-empty array of `free`, `paid`.',
  check(document) {
    const info = document.info;
    // A missing `info` object is platform-info-title's one finding.
    if (!isObject(info)) return [];
    return checkValueList(info, X_PRICING);
  },
});

import { defineRule, show, type Problem } from '../lib/rule.js';
import { schemas, type SchemaNode } from '../lib/openapi/views.js';
import { isArray } from '../lib/openapi/types.js';
import { isAllCapsValue, toAllCapsValue } from '../lib/conventions.js';
import { ISO_639_1 } from '../lib/iso-codes.js';
import { GEOJSON_TYPES, isCurrencyName, isLanguageName } from '../lib/vocabulary.js';

/**
 * A value made of words (letters, digits, `_`, `-`, spaces) is a name the API coins, and is
 * written ALL_CAPS. Anything else is a token of another standard (media types `application/json`,
 * coordinate systems `epsg:28992`, URIs, versions `1.0`, wildcards `*`) and keeps its own form.
 */
const NAME_LIKE = /^[\p{L}\p{N}_\- ]+$/u;

/** The name of the field, parameter or component a schema belongs to (looking through `items` and composition). */
function holderName(node: SchemaNode | undefined): string | undefined {
  for (let current = node; current; current = current.parent) {
    if (current.name !== undefined) return current.name;
    if (!['items', 'allOf', 'anyOf', 'oneOf'].includes(current.role)) return undefined;
  }
  return undefined;
}

export default defineRule({
  id: 'platform-enum-value-upper-case',
  severity: 'error',
  category: 'naming',
  source: { document: 'seed', section: 'Data format conventions: Case styles (enum values ALL_CAPS)' },
  description:
    'String enum values are ALL_CAPS (`FIRST_PARTY`); language codes, currency codes and tokens of other standards (media types, URIs, GeoJSON types) keep their standard form.',
  check(document) {
    const problems: Problem[] = [];
    for (const node of schemas(document)) {
      const values = node.schema.enum;
      if (!isArray(values)) continue;
      const strings = values.filter((value): value is string => typeof value === 'string');
      if (strings.length === 0) continue;
      // Standard codes keep their standard form: language codes are lower-case (ISO 639-1),
      // currency fields are the currency rule's (ISO 4217 codes are upper-case already).
      const name = holderName(node);
      if (name !== undefined && (isLanguageName(name) || isCurrencyName(name))) continue;
      if (strings.every((value) => ISO_639_1.has(value)) || strings.every((value) => GEOJSON_TYPES.includes(value)))
        continue;
      values.forEach((value, i) => {
        if (typeof value !== 'string' || isAllCapsValue(value) || !NAME_LIKE.test(value)) return;
        const fix = toAllCapsValue(value);
        problems.push({
          message:
            fix && isAllCapsValue(fix)
              ? `Enum value ${show(value)} is not ALL_CAPS; write ${show(fix)}.`
              : `Enum value ${show(value)} is not ALL_CAPS; write a name of upper-case letters, digits and underscores, e.g. \`NONE\`.`,
          path: [...node.path, 'enum', i],
        });
      });
    }
    return problems;
  },
});

import { defineRule, show, type Problem } from '../lib/rule.js';
import { schemas, type SchemaNode } from '../lib/openapi/views.js';
import { isArray } from '../lib/openapi/types.js';
import { isAllCapsValue, toAllCapsValue } from '../lib/conventions.js';
import { ISO_639_1 } from '../lib/iso-codes.js';
import { GEOJSON_TYPES, isCurrencyName, isLanguageName } from '../lib/vocabulary.js';
import { STATUS_CODES } from 'node:http';
import { NAMES_A_STANDARD, standardOfValues } from '../lib/standard-values.js';

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

/**
 * Whether an enum is HTTP's list of status codes, an external code list the API does not coin
 * (tenth round, from the ninth outside measurement): Spring's `HttpStatus` written as
 * `100 CONTINUE` … `404 NOT_FOUND`, or the reason phrases themselves (`Not Found`). Known by
 * evidence: at least three values, four in five of them a status code Node's `http.STATUS_CODES`
 * knows followed by a name, or one of its reason phrases.
 */
function isHttpStatusList(strings: readonly string[]): boolean {
  if (strings.length < 3) return false;
  const phrases = new Set(Object.values(STATUS_CODES).map((phrase) => phrase?.toLowerCase()));
  const matching = strings.filter((value) => {
    const coded = /^([1-5]\d\d)[ _-]+[A-Za-z]/.exec(value);
    if (coded) return STATUS_CODES[coded[1] ?? ''] !== undefined;
    return phrases.has(value.toLowerCase().replace(/_/g, ' '));
  });
  return matching.length * 5 >= strings.length * 4;
}

/**
 * Whether an enum's schema says it is a standard's: its own description or its field's cites a
 * standard ("Token type hint, RFC 7009"; issue 37, eleventh outside measurement W4). Not the
 * description of the object around the field: an object "as defined by RFC 6902" may hold fields of
 * its own, and its enum of operations is known by its values.
 */
function describedAsStandard(node: SchemaNode): boolean {
  // The enum's schema, through `items` and composition, up to its field or component.
  for (let current: SchemaNode | undefined = node; current; current = current.parent) {
    const description = current.schema.description;
    if (typeof description === 'string' && NAMES_A_STANDARD.test(description)) return true;
    if (!['items', 'allOf', 'anyOf', 'oneOf'].includes(current.role)) return false;
  }
  return false;
}

export default defineRule({
  id: 'platform-enum-value-upper-case',
  severity: 'error',
  category: 'naming',
  source: { document: 'seed', section: 'Data format conventions: Case styles (enum values ALL_CAPS)' },
  description:
    "String enum values are ALL_CAPS (`FIRST_PARTY`); language codes, currency codes and tokens of other standards (media types, URIs, GeoJSON types, a standard's closed list such as JSON Patch operations or OAuth client registration values, an enum whose schema cites its RFC or ISO standard) keep their standard form.",
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
      if (
        strings.every((value) => ISO_639_1.has(value)) ||
        strings.every((value) => GEOJSON_TYPES.includes(value)) ||
        isHttpStatusList(strings) ||
        standardOfValues(strings) !== undefined ||
        describedAsStandard(node)
      )
        continue;
      values.forEach((value, i) => {
        if (typeof value !== 'string' || isAllCapsValue(value) || !NAME_LIKE.test(value)) return;
        const fix = toAllCapsValue(value);
        if (/^[0-9]/.test(fix)) {
          // A fix that starts with a digit is no name (`100_CONTINUE`): the words after a leading
          // number are (`100 Continue` → `CONTINUE`), or the author names it.
          const words = wordsAfterNumber(value);
          const named = words === undefined ? undefined : toAllCapsValue(words);
          problems.push({
            message:
              named && isAllCapsValue(named) && !/^[0-9]/.test(named)
                ? `Enum value ${show(value)} is not ALL_CAPS, and an ALL_CAPS name starts with a letter; write ${show(named)} (its number, where it matters, in another field).`
                : `Enum value ${show(value)} is not ALL_CAPS, and an ALL_CAPS name starts with a letter; name what it stands for in upper-case letters, digits and underscores, e.g. \`FIRST_CLASS\`.`,
            path: [...node.path, 'enum', i],
          });
          return;
        }
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

/**
 * The words after a value's leading number and separators (`100 Continue` → `Continue`), when they
 * hold a letter and no line break: `/^[0-9]+[ _-]+(.*\p{L}.*)$/u` read once (the expression
 * backtracked over every split of a long run without a letter).
 */
function wordsAfterNumber(value: string): string | undefined {
  const head = /^[0-9]+[ _-]+/.exec(value);
  if (!head) return undefined;
  const rest = value.slice(head[0].length);
  return /\p{L}/u.test(rest) && !/[\n\r\u2028\u2029]/.test(rest) ? rest : undefined;
}

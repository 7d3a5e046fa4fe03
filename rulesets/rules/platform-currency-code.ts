import { defineRule, printPath, show, type JsonPath, type Problem } from '../lib/rule.js';
import { within } from '../lib/openapi/pointer.js';
import { layerKeyword, type SchemaLayer, schemaLayers, schemaTypes, layerTypes } from '../lib/openapi/resolve.js';
import { codeFieldProblems, layerValueProblems, listValueProblems } from '../lib/code-fields.js';
import { patternSeparates } from '../lib/conventions.js';
import { ISO_4217 } from '../lib/iso-codes.js';
import { CURRENCY_ALIASES, isCurrencyName } from '../lib/vocabulary.js';

const PATTERN = "pattern: '^[A-Z]{3}$'";
/** Values an ISO 4217 pattern must not accept. */
const NOT_CODES = ['isk', 'Isk', 'IS', 'ISKK', 'I5K', 'kr.', '', '352', 'ISK ', ' ISK'];

/** The ISO 4217 code a value most likely means (`isk` → `ISK`, `kr.` → `ISK`, `€` → `EUR`). */
function currencySuggestion(value: string): string | undefined {
  const upper = value.trim().toUpperCase();
  if (ISO_4217.has(upper)) return upper;
  return CURRENCY_ALIASES[value.trim().toLowerCase()];
}

function valueProblem(value: unknown, subject: string, path: JsonPath): Problem | undefined {
  if (value === null || (typeof value === 'string' && ISO_4217.has(value))) return undefined;
  const fix = typeof value === 'string' ? currencySuggestion(value) : undefined;
  return {
    message: `${subject} is ${show(value)}, not an ISO 4217 currency code; write ${fix ? show(fix) : 'a three-letter upper-case code such as `ISK` or `EUR`'}.`,
    path,
  };
}

export default defineRule({
  id: 'platform-currency-code',
  severity: 'warn',
  category: 'data-format',
  source: { document: 'seed', section: 'Data format conventions: Currency' },
  description:
    "Currency fields (`currency`, `*Currency`) hold ISO 4217 codes: an enum of codes or `pattern: '^[A-Z]{3}$'`, and examples such as `ISK`.",
  check(document) {
    const problems: Problem[] = [];
    const checkSchema = (name: string, schema: unknown, ownPath: JsonPath) => {
      const outer = schemaLayers(document, schema, ownPath);
      if (outer.length === 0) return;
      const types = layerTypes(outer);
      // A structured currency (`{ code, name }`) is not a code field.
      if (types.includes('object') || layerKeyword(outer, 'properties')) return;
      // A flag (`currency: true`, show the currency) is not a code field.
      if (types.length > 0 && types.every((type) => type === 'boolean' || type === 'null')) return;
      const subject = (layer: SchemaLayer) =>
        within(layer.path, ownPath)
          ? show(name)
          : `Schema \`${printPath(layer.path)}\` (used for the currency ${show(name)})`;
      let layers = outer;
      if (types.includes('array')) {
        const items = layerKeyword(outer, 'items');
        if (!items) return;
        layers = schemaLayers(document, items.value, items.path);
        // A list's own examples and defaults are lists of codes.
        problems.push(...listValueProblems(outer, subject, valueProblem));
      }
      const type = layerKeyword(layers, 'type');
      const itemTypes = schemaTypes(type?.layer.schema);
      if (type && itemTypes.length > 0 && !itemTypes.includes('string')) {
        problems.push({
          message: `${subject(type.layer)} is \`type: ${itemTypes.join(', ')}\`; a currency is its ISO 4217 alphabetic code as a string: \`type: string\` with \`${PATTERN}\` (e.g. \`ISK\`).`,
          path: type.path,
        });
        return;
      }
      const enumeration = layerKeyword(layers, 'enum');
      const pattern = layerKeyword(layers, 'pattern');
      if (!enumeration && !pattern) {
        // No layer to name: the list's `items` is not a schema object (platform-openapi-valid's finding).
        const definition = layers.at(-1);
        if (definition)
          problems.push({
            message: `${subject(definition)} has neither \`enum\` nor \`pattern\`, so any text passes as a currency; add \`${PATTERN}\` (an ISO 4217 code such as \`ISK\`) or an \`enum\` of the codes you accept.`,
            path: definition.path,
          });
      } else if (
        !enumeration &&
        typeof pattern?.value === 'string' &&
        !patternSeparates(pattern.value, ISO_4217, NOT_CODES)
      ) {
        problems.push({
          message: `${subject(pattern.layer)} has \`pattern: '${pattern.value}'\`, which does not mean an ISO 4217 code; write \`${PATTERN}\`.`,
          path: pattern.path,
        });
      }
      problems.push(...layerValueProblems(layers, subject, valueProblem));
    };
    problems.push(...codeFieldProblems(document, isCurrencyName, checkSchema, valueProblem));
    return problems;
  },
});

import { defineRule, printPath, show, type JsonPath, type Problem } from '../lib/rule.js';
import { exampleObjectValues, exampleValues, layerKeyword, parameters, properties, schemaLayers, schemaTypes, schemaValues, type SchemaLayer } from '../lib/openapi.js';
import { patternSeparates } from '../lib/conventions.js';
import { ISO_4217 } from '../lib/iso-codes.js';
import { CURRENCY_ALIASES, isCurrencyName } from '../lib/vocabulary.js';

const PATTERN = "pattern: '^[A-Z]{3}$'";
/** Values an ISO 4217 pattern must not accept. */
const NOT_CODES = ['isk', 'Isk', 'IS', 'ISKK', 'I5K', 'kr.', '', '352', 'ISK ', ' ISK'];
const KEYWORDS: Record<string, string> = { example: 'example', examples: 'example', default: 'default', enum: 'enum value', const: 'const value' };

/** The ISO 4217 code a value most likely means (`isk` → `ISK`, `kr.` → `ISK`, `€` → `EUR`). */
function currencySuggestion(value: string): string | undefined {
  const upper = value.trim().toUpperCase();
  if (ISO_4217.has(upper)) return upper;
  return CURRENCY_ALIASES[value.trim().toLowerCase()];
}

function within(path: JsonPath, prefix: JsonPath): boolean {
  return prefix.length <= path.length && prefix.every((segment, i) => String(segment) === String(path[i]));
}

function valueProblem(value: unknown, subject: string, path: JsonPath): Problem | undefined {
  if (value === null || (typeof value === 'string' && ISO_4217.has(value))) return undefined;
  const fix = typeof value === 'string' ? currencySuggestion(value) : undefined;
  return { message: `${subject} is ${show(value)}, not an ISO 4217 currency code; write ${fix ? show(fix) : 'a three-letter upper-case code such as `ISK` or `EUR`'}.`, path };
}

export default defineRule({
  id: 'platform-currency-code',
  severity: 'warn',
  category: 'data-format',
  description: 'Currency fields (`currency`, `*Currency`) hold ISO 4217 codes: an enum of codes or `pattern: \'^[A-Z]{3}$\'`, and examples such as `ISK`.',
  check(document) {
    const problems: Problem[] = [];
    const checkSchema = (name: string, schema: unknown, ownPath: JsonPath) => {
      const outer = schemaLayers(document, schema, ownPath);
      if (outer.length === 0) return;
      const outerType = layerKeyword(outer, 'type');
      const types = schemaTypes(outerType?.layer.schema);
      // A structured currency (`{ code, name }`) is not a code field.
      if (types.includes('object') || layerKeyword(outer, 'properties')) return;
      // A flag (`currency: true`, show the currency) is not a code field.
      if (types.length > 0 && types.every((type) => type === 'boolean' || type === 'null')) return;
      const subject = (layer: SchemaLayer) => (within(layer.path, ownPath) ? show(name) : `Schema \`${printPath(layer.path)}\` (used for the currency ${show(name)})`);
      let layers = outer;
      if (types.includes('array')) {
        const items = layerKeyword(outer, 'items');
        if (!items) return;
        layers = schemaLayers(document, items.value, items.path);
        for (const layer of outer) {
          for (const given of schemaValues(layer.schema, layer.path)) {
            if (!Array.isArray(given.value)) continue;
            given.value.forEach((value, i) => {
              const problem = valueProblem(value, `${subject(layer)} ${KEYWORDS[given.keyword]}`, [...given.path, i]);
              if (problem) problems.push(problem);
            });
          }
        }
      }
      const type = layerKeyword(layers, 'type');
      const itemTypes = schemaTypes(type?.layer.schema);
      if (type && itemTypes.length > 0 && !itemTypes.includes('string')) {
        problems.push({ message: `${subject(type.layer)} is \`type: ${itemTypes.join(', ')}\`; a currency is its ISO 4217 alphabetic code as a string: \`type: string\` with \`${PATTERN}\` (e.g. \`ISK\`).`, path: type.path });
        return;
      }
      const enumeration = layerKeyword(layers, 'enum');
      const pattern = layerKeyword(layers, 'pattern');
      if (!enumeration && !pattern) {
        const definition = layers.at(-1)!;
        problems.push({ message: `${subject(definition)} has neither \`enum\` nor \`pattern\`, so any text passes as a currency; add \`${PATTERN}\` (an ISO 4217 code such as \`ISK\`) or an \`enum\` of the codes you accept.`, path: definition.path });
      } else if (!enumeration && typeof pattern?.value === 'string' && !patternSeparates(pattern.value, ISO_4217, NOT_CODES)) {
        problems.push({ message: `${subject(pattern!.layer)} has \`pattern: '${pattern!.value}'\`, which does not mean an ISO 4217 code; write \`${PATTERN}\`.`, path: pattern!.path });
      }
      for (const layer of layers) {
        for (const given of schemaValues(layer.schema, layer.path)) {
          const problem = valueProblem(given.value, `${subject(layer)} ${KEYWORDS[given.keyword]}`, given.path);
          if (problem) problems.push(problem);
        }
      }
    };
    for (const node of properties(document)) if (isCurrencyName(node.name!)) checkSchema(node.name!, node.schema, node.path);
    for (const { parameter, path } of parameters(document)) {
      if (typeof parameter.name !== 'string' || parameter.in === 'header' || !isCurrencyName(parameter.name)) continue;
      if (parameter.schema !== undefined) checkSchema(parameter.name, parameter.schema, [...path, 'schema']);
      for (const given of exampleObjectValues(document, parameter, path)) {
        const values = Array.isArray(given.value) ? given.value.map((value, i) => ({ value, path: [...given.path, i] })) : [given];
        for (const { value, path: at } of values) {
          const problem = valueProblem(value, `Parameter ${show(parameter.name)} example`, at);
          if (problem) problems.push(problem);
        }
      }
    }
    for (const found of exampleValues(document)) {
      if (found.member === undefined || !isCurrencyName(found.member)) continue;
      const types = schemaTypes(layerKeyword(found.layers, 'type')?.layer.schema);
      if (types.length > 0 && !types.includes('string')) continue;
      const problem = valueProblem(found.value, `Example ${show(found.member)}`, found.path);
      if (problem) problems.push(problem);
    }
    return problems;
  },
});

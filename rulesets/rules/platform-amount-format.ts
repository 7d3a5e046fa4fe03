import { defineRule, printPath, show, type JsonPath, type Problem } from '../lib/rule.js';
import { schemaValues } from '../lib/openapi/examples.js';
import { within } from '../lib/openapi/pointer.js';
import { collectProperties, layerKeyword, type SchemaLayer, schemaLayers, schemaTypes } from '../lib/openapi/resolve.js';
import { parameters, properties, type SchemaNode } from '../lib/openapi/views.js';
import { AMOUNT, isAmountPattern } from '../lib/conventions.js';
import { isAmountName, isCurrencyName } from '../lib/vocabulary.js';

const PATTERN = "pattern: '^[0-9]+(\\.[0-9]+)?$'";

/** The object that holds a property: through `allOf` branches up to the schema that combines them. */
function holder(node: SchemaNode): SchemaNode | undefined {
  let current = node.parent;
  while (current && current.role === 'allOf' && current.parent) current = current.parent;
  return current;
}

export default defineRule({
  id: 'platform-amount-format',
  severity: 'warn',
  category: 'data-format',
  source: { document: 'seed', section: 'Data format conventions: Amount' },
  description: 'Amount fields (named by a money word in English or Icelandic: `amount`, `*Amount`, `price`, `fee`, `salary`, `payment`, `upphaed`, `verd`, `gjald`, `laun`, …) are strings of digits with an optional decimal part (`pattern: \'^[0-9]+(\\.[0-9]+)?$\'`), and the object that holds one also holds a currency field.',
  check(document) {
    const problems: Problem[] = [];
    /** The type, pattern and values of one amount schema; false when it is not an amount field itself (a structure or a list). */
    const checkAmount = (name: string, schema: unknown, ownPath: JsonPath): boolean => {
      const node = { path: ownPath };
      const layers = schemaLayers(document, schema, ownPath);
      const definition = layers.at(-1);
      if (!definition) return false;
      const type = layerKeyword(layers, 'type');
      const types = schemaTypes(type?.layer.schema);
      // A structured amount (`{ value, currency }`) or a list is not an amount field itself.
      if (types.includes('object') || types.includes('array') || layerKeyword(layers, 'properties') || layerKeyword(layers, 'items')) return false;
      // A flag about money (`hasOneTimePayment`, `doesntHaveToPayLicenseFee`) is not a sum of money.
      if (types.length > 0 && types.every((t) => t === 'boolean' || t === 'null')) return false;
      const subject = (layer: SchemaLayer) => (within(layer.path, node.path) ? show(name) : `Schema \`${printPath(layer.path)}\` (used for the amount ${show(name)})`);
      if (type && (types.includes('number') || types.includes('integer'))) {
        problems.push({ message: `${subject(type.layer)} is \`type: ${types.join(', ')}\`; the platform writes amounts as text, digits with an optional decimal part: \`type: string\` with \`${PATTERN}\` (e.g. \`'1500.50'\`), which keeps decimals exact.`, path: type.path });
      } else if (type && !types.includes('string')) {
        problems.push({ message: `${subject(type.layer)} is \`type: ${types.join(', ') || show(type.value)}\`; an amount is \`type: string\` with \`${PATTERN}\`.`, path: type.path });
      } else {
        const pattern = layerKeyword(layers, 'pattern');
        if (!type) problems.push({ message: `${subject(definition)} has no \`type\`; an amount is \`type: string\` with \`${PATTERN}\`.`, path: definition.path });
        if (!pattern) problems.push({ message: `${subject(definition)} has no \`pattern\`; add \`${PATTERN}\` (digits with an optional decimal part, e.g. \`1500.50\`).`, path: definition.path });
        else if (typeof pattern.value !== 'string' || !isAmountPattern(pattern.value)) {
          problems.push({ message: `${subject(pattern.layer)} has \`pattern: '${pattern.value}'\`, not the platform's amount form; write \`${PATTERN}\`.`, path: pattern.path });
        }
        for (const layer of layers) {
          for (const given of schemaValues(layer.schema, layer.path)) {
            if (given.value === null || (typeof given.value === 'string' && AMOUNT.test(given.value))) continue;
            const fix = typeof given.value === 'number' && given.value >= 0 ? `'${given.value}'` : undefined;
            problems.push({ message: `${subject(layer)} ${given.keyword === 'enum' ? 'enum value' : given.keyword === 'examples' ? 'example' : given.keyword} is ${show(given.value)}, not an amount in the platform's form (digits, optionally a dot and more digits); write ${fix ?? 'e.g. `1500.50`'}.`, path: given.path });
          }
        }
      }
      return true;
    };
    for (const node of properties(document)) {
      const name = node.name;
      if (!isAmountName(name) || !checkAmount(name, node.schema, node.path)) continue;
      const container = holder(node);
      if (container && ![...collectProperties(document, container.schema, container.path).keys()].some(isCurrencyName)) {
        problems.push({ message: `${show(name)} sits in an object with no currency field; the platform keeps the amount and its currency in separate fields: add \`currency\` (an ISO 4217 code such as \`ISK\`) next to it.`, path: node.path });
      }
    }
    // Amounts in path and query parameters are text in the URL anyway: the same form applies (no currency sibling is asked).
    for (const { parameter, path } of parameters(document)) {
      if ((parameter.in === 'path' || parameter.in === 'query') && typeof parameter.name === 'string' && isAmountName(parameter.name) && parameter.schema !== undefined) {
        checkAmount(parameter.name, parameter.schema, [...path, 'schema']);
      }
    }
    return problems;
  },
});

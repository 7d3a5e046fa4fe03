/**
 * Whether a field or parameter holds a national identifier, whatever it is called: by its name
 * (`nationalId`, and every alias of vocabulary.ts: `kt`, `ssn`, `companyssn`, `kennitalaMaka`),
 * by its description ("Kennitala umsækjanda", "The national id of ..."), or by the data it gives
 * (an example or default of ten digits with a valid check digit, `4710032980`). A boolean, object
 * or other non-text field whose name only mentions the word (`childDoesNotHaveNationalId`) is not
 * an identifier. A list (`nationalIds`, `type: array`) is recognised by its items.
 */
import type { JsonPath } from './rule.js';
import { hasValidCheckDigit, isNationalIdName } from './conventions.js';
import { schemaValues } from './openapi/examples.js';
import { layerKeyword, schemaLayers, type SchemaLayer, layerTypes } from './openapi/resolve.js';
import { isArray, isObject, type Document, type JsonObject } from './openapi/types.js';
import { matchNationalIdAlias, type Vocabulary } from './vocabulary.js';
import { parameters, properties } from './openapi/views.js';

export interface NationalIdHolder {
  /** How it was recognised: the platform name, an alias, the description, or a value. */
  by: 'name' | 'alias' | 'description' | 'value';
  /** A list of identifiers (`nationalIds`): the checks apply to `items`. */
  plural: boolean;
  /** The schema of one identifier (the items of a list) and where it is. */
  schema: unknown;
  path: JsonPath;
}

/**
 * A description that says what the field is: a national identifier, in its first words (and not
 * "kennitala or date of birth"); also as the second of two names for it after a slash
 * ("Performing Organization id/nationalID", issue 37).
 */
const DESCRIPTION =
  /^\s*(?:(?:the|a|an)\s+)?(?:[\p{L}'’]+\s+){0,2}?(?:[\p{L}'’]+\s*\/\s*)?(?:kennitala|kennitölu|kennitölur|national\s*id(?:entifier|entification\s+number)?s?|social\s+security\s+numbers?|ssn)\b/iu;
const ALTERNATIVE = /\b(?:or|eða)\b/iu;

export function describesNationalId(description: unknown): boolean {
  return (
    typeof description === 'string' &&
    DESCRIPTION.test(description) &&
    !ALTERNATIVE.test(description.split(/[.\n]/)[0] ?? '')
  );
}

/**
 * Ten digits (as text, or a number of nine or ten digits that lost its leading zero) that read as
 * a kennitala: a day (01–31, or 41–71 for a company), a month, and the right check digit.
 */
export function isCheckedNationalIdValue(value: unknown): boolean {
  const text =
    typeof value === 'number' && Number.isInteger(value) && String(value).length >= 9
      ? String(value).padStart(10, '0')
      : value;
  if (typeof text !== 'string' || !hasValidCheckDigit(text)) return false;
  const day = Number(text.slice(0, 2));
  const month = Number(text.slice(2, 4));
  return ((day >= 1 && day <= 31) || (day >= 41 && day <= 71)) && month >= 1 && month <= 12;
}

/** Formats of standard values a kennitala never is (dates, addresses, UUIDs, binary data). */
const NOT_AN_IDENTIFIER_FORMAT =
  /^(?:date|date-time|time|duration|email|idn-email|hostname|idn-hostname|ipv4|ipv6|uri|uri-reference|iri|url|uuid|byte|binary|password)$/i;
/** An example of a date or moment (`2020-01-01`, `2020-01-01T12:00:00Z`, `01.02.2020`). */
const DATE_VALUE = /^(?:\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?|\d{1,2}[./]\d{1,2}[./]\d{4})$/;

/** Whether the schema's own format or examples say it holds some other kind of value. */
function declaresOtherValue(layers: SchemaLayer[]): boolean {
  const format = layerKeyword(layers, 'format');
  if (format && typeof format.value === 'string' && NOT_AN_IDENTIFIER_FORMAT.test(format.value)) return true;
  const values = layers.flatMap((layer) => schemaValues(layer.schema, layer.path)).map((entry) => entry.value);
  return values.length > 0 && values.every((value) => typeof value === 'string' && DATE_VALUE.test(value.trim()));
}

function declaredTypes(layers: SchemaLayer[]): string[] {
  return layerTypes(layers);
}

/**
 * Names the document itself says hold a national identifier: a property or parameter whose own
 * description reads "SSN/Kennitala" or whose examples are valid kennitölur. Another field of the
 * same name elsewhere (`idNumber` with no description) is then an identifier too: the document
 * uses the name in one meaning. Computed once per document and vocabulary (a name an alias
 * recognises is not among them, so the set depends on the aliases).
 */
const documentNamesCache = new WeakMap<object, WeakMap<Vocabulary, Set<string>>>();
function documentNationalIdNames(document: Document, vocabulary: Vocabulary): Set<string> {
  let byVocabulary = documentNamesCache.get(document);
  if (!byVocabulary) documentNamesCache.set(document, (byVocabulary = new WeakMap()));
  let names = byVocabulary.get(vocabulary);
  if (names) return names;
  names = new Set<string>();
  byVocabulary.set(vocabulary, names);
  const direct = (name: string, schema: unknown, path: JsonPath, holder?: JsonObject) => {
    const found = recogniseNationalId(document, vocabulary, name, schema, path, holder, false);
    if (found && (found.by === 'description' || found.by === 'value')) names.add(name);
  };
  for (const node of properties(document))
    if (isObject(node.schema)) direct(node.name, node.schema, node.path, node.schema);
  for (const { parameter, path } of parameters(document)) {
    if (typeof parameter.name === 'string' && parameter.schema !== undefined)
      direct(parameter.name, parameter.schema, [...path, 'schema'], parameter);
  }
  return names;
}

/**
 * A plural name on a schema that is no list (`holdernationalids: string`, `kennitolur: string`): text
 * that holds several identifiers has no ten-digit form of its own; it is a list of them (issue 37).
 */
export function holdsSeveralInText(found: Pick<NationalIdHolder, 'plural' | 'path'>): boolean {
  return found.plural && found.path.at(-1) !== 'items';
}

/**
 * What `name` with `schema` (at `path`) holds, given the parameter or property object `holder`
 * whose description and examples also count; undefined when it is not a national identifier.
 */
export function recogniseNationalId(
  document: Document,
  vocabulary: Vocabulary,
  name: string,
  schema: unknown,
  path: JsonPath,
  holder?: JsonObject,
  byDocument = true,
): NationalIdHolder | undefined {
  const layers = schemaLayers(document, schema, path);
  let types = declaredTypes(layers);
  let itemSchema: unknown = schema;
  let itemPath = path;
  let itemLayers = layers;
  const list = types.includes('array');
  if (list) {
    const items = layerKeyword(layers, 'items');
    if (!items || !isObject(items.value)) return undefined;
    itemSchema = items.value;
    itemPath = items.path;
    itemLayers = schemaLayers(document, items.value, items.path);
    types = declaredTypes(itemLayers);
  }
  // Only text or a number can be an identifier (a number is then reported as the wrong type).
  if (types.length > 0 && !types.some((type) => type === 'string' || type === 'integer' || type === 'number'))
    return undefined;
  const result = (by: NationalIdHolder['by'], plural: boolean): NationalIdHolder => ({
    by,
    plural,
    schema: itemSchema,
    path: itemPath,
  });
  if (isNationalIdName(name)) return result('name', list);
  // A list named as the platform's plural (`nationalIds`, `spouseNationalIds`): its items are
  // identifiers, checked like one (a list of numbers is then reported as the wrong type).
  if (list && /^([a-z][a-zA-Z0-9]*N|n)ationalIds$/.test(name)) return result('name', true);
  if (/^([a-z][a-zA-Z0-9]*N|n)ationalIds$/.test(name)) return undefined;
  // The declared format and the field's own examples outrank words: a `format: date-time` field or
  // one whose examples are dates is not an identifier because its description (often copied) or its
  // name says so, and a suggested ten-digit pattern would make every value of it invalid (issue 37).
  if (declaresOtherValue(itemLayers)) return undefined;
  const alias = matchNationalIdAlias(name, vocabulary);
  if (alias) return result('alias', list || alias.plural);
  const descriptions = [holder?.description, ...layers.map((layer) => layer.schema.description)];
  if (descriptions.some(describesNationalId)) return result('description', list);
  const values = [
    ...itemLayers.flatMap((layer) => schemaValues(layer.schema, layer.path)),
    ...(holder ? [holder.example, holder.default] : []).map((value) => ({ value })),
  ];
  const given = values.map((entry) => entry.value).filter((value) => value !== undefined && value !== null);
  const flat = given.flatMap((value) => (isArray(value) ? value : [value]));
  if (flat.length > 0 && flat.every(isCheckedNationalIdValue) && !/date|time|phone|amount|count|number$/i.test(name))
    return result('value', list);
  // The same name described as a national identifier elsewhere in the document.
  if (
    byDocument &&
    descriptions.every((description) => typeof description !== 'string' || describesNationalId(description)) &&
    documentNationalIdNames(document, vocabulary).has(name)
  )
    return result('description', list);
  return undefined;
}

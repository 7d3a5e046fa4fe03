/**
 * What the rules for code-valued fields (a currency, a language) share: where such fields are
 * found (schema properties, path/query/cookie parameters, members of example objects) and how
 * their values (enum, example, default, const) are checked. Each rule supplies its name test,
 * its value check, and its own schema check.
 */
import type { JsonPath, Problem } from './rule.js';
import { exampleObjectValues, exampleValues, schemaValues } from './openapi/examples.js';
import { layerKeyword, schemaTypes, type SchemaLayer } from './openapi/resolve.js';
import { parameters, properties } from './openapi/views.js';
import { show } from './rule.js';
import { isArray, type Document } from './openapi/types.js';

/** How a value's keyword is named in a message. */
export const VALUE_KEYWORDS: Readonly<Record<string, string>> = {
  example: 'example',
  examples: 'example',
  default: 'default',
  enum: 'enum value',
  const: 'const value',
};

/** Checks one value; a problem names it as `subject` and sits at `path`. */
export type ValueCheck = (value: unknown, subject: string, path: JsonPath) => Problem | undefined;

/** The values a schema's layers hold (enum, examples, default, const), each checked. */
export function layerValueProblems(
  layers: readonly SchemaLayer[],
  subject: (layer: SchemaLayer) => string,
  check: ValueCheck,
): Problem[] {
  const problems: Problem[] = [];
  for (const layer of layers) {
    for (const given of schemaValues(layer.schema, layer.path)) {
      const problem = check(given.value, `${subject(layer)} ${VALUE_KEYWORDS[given.keyword]}`, given.path);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}

/** For an array field: its own examples and defaults are lists of codes, each item checked. */
export function listValueProblems(
  layers: readonly SchemaLayer[],
  subject: (layer: SchemaLayer) => string,
  check: ValueCheck,
): Problem[] {
  const problems: Problem[] = [];
  for (const layer of layers) {
    for (const given of schemaValues(layer.schema, layer.path)) {
      const list = given.value;
      if (!isArray(list)) continue;
      list.forEach((value, i) => {
        const problem = check(value, `${subject(layer)} ${VALUE_KEYWORDS[given.keyword]}`, [...given.path, i]);
        if (problem) problems.push(problem);
      });
    }
  }
  return problems;
}

/**
 * Visits every field a rule is about: `checkSchema` for each property and non-header parameter
 * whose name passes `isName` (headers such as `Accept-Language` follow HTTP's own rules), and
 * `check` for each value given for them in parameter examples and example objects (skipping
 * members the schema declares as something other than text).
 */
export function codeFieldProblems(
  document: Document,
  isName: (name: string) => boolean,
  checkSchema: (name: string, schema: unknown, path: JsonPath) => void,
  check: ValueCheck,
): Problem[] {
  const problems: Problem[] = [];
  for (const node of properties(document)) if (isName(node.name)) checkSchema(node.name, node.schema, node.path);
  for (const { parameter, path } of parameters(document)) {
    if (typeof parameter.name !== 'string' || parameter.in === 'header' || !isName(parameter.name)) continue;
    if (parameter.schema !== undefined) checkSchema(parameter.name, parameter.schema, [...path, 'schema']);
    for (const given of exampleObjectValues(document, parameter, path)) {
      const list = given.value;
      const values = isArray(list) ? list.map((value, i) => ({ value, path: [...given.path, i] })) : [given];
      for (const { value, path: at } of values) {
        const problem = check(value, `Parameter ${show(parameter.name)} example`, at);
        if (problem) problems.push(problem);
      }
    }
  }
  for (const found of exampleValues(document)) {
    if (found.member === undefined || !isName(found.member)) continue;
    const types = schemaTypes(layerKeyword(found.layers, 'type')?.layer.schema);
    if (types.length > 0 && !types.includes('string')) continue;
    const problem = check(found.value, `Example ${show(found.member)}`, found.path);
    if (problem) problems.push(problem);
  }
  return problems;
}

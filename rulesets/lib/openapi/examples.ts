/**
 * Examples: whether a schema or media type gives one, which bodies need none, and the values
 * examples, defaults and enums give as data (every primitive value nested in the document's
 * example data, memoised like the views).
 */
import {
  effectiveSchema,
  layerKeyword,
  lookupLocalRef,
  resolve,
  schemaLayers,
  schemaTypes,
  type SchemaLayer,
} from './resolve.js';
import { MAX_SCHEMA_DEPTH, noteLimit } from './limits.js';
import { collectProperties } from './flatten.js';
import { runIterative, type Step } from './iterative.js';
import { isArray, isObject, isRef, type Document, type JsonPath, type MediaType, type Schema } from './types.js';
import { mediaTypes, memoise, parameters, schemas } from './views.js';

const exampleCache = new WeakMap<object, boolean>();

/**
 * True when a schema gives an example: its own `example` (or a non-empty 3.1 `examples` array),
 * or that of what it stands for: a `$ref` target (a reference that does not resolve locally counts,
 * so rules stay silent rather than guess), a single-branch `allOf`/`oneOf`/`anyOf` wrapper, every
 * branch of a `oneOf`/`anyOf`, the `items` of an array, or, for an object, its members when every
 * one of them gives an example (`assemblesExample`). Memoised per schema object.
 */
export function schemaHasExample(document: Document, schema: unknown): boolean {
  // Iterative (rulesets/lib/openapi/iterative.ts): a chain of thousands of `$ref`s overflowed the stack.
  return runIterative((node: unknown) => hasExampleStep(document, node), schema);
}

/** `schemaHasExample` for one schema, each nested schema's answer asked by `yield`. */
function* hasExampleStep(document: Document, schema: unknown): Step<unknown, boolean> {
  if (!isObject(schema)) return false;
  const cached = exampleCache.get(schema);
  if (cached !== undefined) return cached;
  exampleCache.set(schema, false); // A cycle back to this schema finds no example through it.
  let found = false;
  if (schema.example !== undefined || (isArray(schema.examples) && schema.examples.length > 0)) found = true;
  else if (isRef(schema)) {
    const target = lookupLocalRef(document, schema.$ref);
    found = target === null || (yield target.value);
  } else {
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
      const branches: unknown = schema[key];
      if (!isArray(branches) || branches.length === 0) continue;
      if (branches.length !== 1 && key === 'allOf') continue;
      let every = true;
      for (const branch of branches) if (!(every = yield branch)) break;
      if (every) found = true;
    }
    if (!found && isObject(schema.items)) found = yield schema.items;
    if (!found) found = yield* assemblesExample(document, schema);
  }
  exampleCache.set(schema, found);
  return found;
}

/**
 * True when an object schema's example can be put together from its members, as documentation
 * tools do: it declares properties (directly or through `allOf`/`$ref`), every one of them gives
 * an example (see `schemaHasExample`), a `const` or an `enum`, and at least one gives an example
 * or a `const`: an enum alone lists values, it does not show one in use, so an object
 * of enums only is not an example.
 */
function* assemblesExample(document: Document, schema: Schema): Step<unknown, boolean> {
  const members = collectProperties(document, schema, []);
  if (members.size === 0) return false;
  let shown = false;
  for (const { schema: member } of members.values()) {
    if (yield member) {
      shown = true;
      continue;
    }
    const effective = effectiveSchema(document, member, []).value;
    // A `const` is the one value the member takes: shown as much as an example would show it.
    if (isObject(effective) && effective.const !== undefined) {
      shown = true;
      continue;
    }
    if (isObject(effective) && isArray(effective.enum) && effective.enum.length > 0) continue;
    return false;
  }
  return shown;
}

/** True when a media type object gives an example: `example`, a non-empty `examples`, or its schema's (see `schemaHasExample`). */
export function mediaHasExample(document: Document, media: MediaType): boolean {
  if (media.example !== undefined) return true;
  if ((isObject(media.examples) || isArray(media.examples)) && Object.keys(media.examples).length > 0) return true;
  return schemaHasExample(document, media.schema);
}

/** Media types whose bodies are text a description can show: text, JSON, XML, forms, multipart containers. */
const TEXTUAL_MEDIA =
  /^(text\/|application\/([\w.+-]*\+)?(json|xml)\b|application\/[\w.+-]*json|application\/x-www-form-urlencoded|multipart\/)/i;

/** True when a schema stands for raw bytes: a string with `format: binary`, or 3.1 `contentMediaType`/`contentEncoding` (or a list of such). */
function isBinarySchema(document: Document, schema: unknown): boolean {
  // A loop down the `items`, each schema once: a chain of thousands of them overflowed the stack.
  const seen = new Set<object>();
  for (let value = effectiveSchema(document, schema, []).value; isObject(value) && !seen.has(value);) {
    seen.add(value);
    const types = schemaTypes(value);
    if (types.includes('array') && isObject(value.items)) {
      value = effectiveSchema(document, value.items, []).value;
      continue;
    }
    return (
      (types.length === 0 || types.includes('string')) &&
      (value.format === 'binary' || value.contentMediaType !== undefined || value.contentEncoding !== undefined)
    );
  }
  return false;
}

/**
 * True when a media type carries raw bytes, for which an example cannot be written inline: its
 * schema is a binary string (`format: binary`, or 3.1 `contentMediaType`/`contentEncoding`), or
 * the media type is not a textual one (`image/png`, `application/pdf`, `application/octet-stream`)
 * and its schema, if any, is a string.
 */
export function isBinaryMedia(document: Document, mediaType: string, media: MediaType): boolean {
  const textual = TEXTUAL_MEDIA.test(mediaType);
  if (media.schema === undefined) return !textual;
  if (isBinarySchema(document, media.schema)) return true;
  if (textual) return false;
  const schema = effectiveSchema(document, media.schema, []).value;
  return isObject(schema) && schemaTypes(schema).every((type) => type === 'string');
}

/**
 * True when a media type's body has nothing to show in an example: raw bytes (`isBinaryMedia`),
 * a multipart upload whose parts are files or give examples of their own, or an object schema
 * that admits only `{}` (no properties, `additionalProperties: false`), as
 * generated descriptions give GET and DELETE operations that take no body.
 */
export function bodyNeedsNoExample(document: Document, mediaType: string, media: MediaType): boolean {
  if (isBinaryMedia(document, mediaType, media)) return true;
  const resolved = effectiveSchema(document, media.schema, []).value;
  if (!isObject(resolved)) return false;
  const schema: Schema = resolved;
  if (/^multipart\//i.test(mediaType)) {
    // A file upload: the file parts cannot be shown; the other parts give examples.
    const parts = collectProperties(document, schema, []);
    const values = [...parts.values()];
    if (
      values.some((part) => isBinarySchema(document, part.schema)) &&
      values.every((part) => isBinarySchema(document, part.schema) || schemaHasExample(document, part.schema))
    )
      return true;
  }
  const types = schemaTypes(schema);
  return (
    (types.length === 0 || (types.length === 1 && types[0] === 'object')) &&
    schema.additionalProperties === false &&
    (schema.properties === undefined || (isObject(schema.properties) && Object.keys(schema.properties).length === 0)) &&
    schema.patternProperties === undefined &&
    !(['allOf', 'oneOf', 'anyOf'] as const).some((key) => schema[key] !== undefined)
  );
}

/** A value a schema or parameter gives as data: an example, a default, an enum member. */
export interface GivenValue {
  value: unknown;
  path: JsonPath;
  keyword: 'example' | 'examples' | 'default' | 'enum' | 'const';
}

/** A schema's own `example`, `examples` (a list, as in 3.1), `default`, `enum` members and `const`. */
export function schemaValues(schema: Schema, path: JsonPath): GivenValue[] {
  const result: GivenValue[] = [];
  if (schema.example !== undefined)
    result.push({ value: schema.example, path: [...path, 'example'], keyword: 'example' });
  if (isArray(schema.examples))
    schema.examples.forEach((value, i) => result.push({ value, path: [...path, 'examples', i], keyword: 'examples' }));
  if (schema.default !== undefined)
    result.push({ value: schema.default, path: [...path, 'default'], keyword: 'default' });
  if (isArray(schema.enum))
    schema.enum.forEach((value, i) => result.push({ value, path: [...path, 'enum', i], keyword: 'enum' }));
  if (schema.const !== undefined) result.push({ value: schema.const, path: [...path, 'const'], keyword: 'const' });
  return result;
}

/**
 * The values of `schemaValues`, in its order, without their places: for the many callers that ask
 * only what a schema's values are (is any a date, a currency code, an identifier?), not where they
 * stand. Asked of every property by several rules, a path per value (an enum's members each) was a
 * few tens of MB of Stripe's allocation.
 */
export function schemaValueList(schema: Schema): unknown[] {
  const result: unknown[] = [];
  if (schema.example !== undefined) result.push(schema.example);
  if (isArray(schema.examples)) schema.examples.forEach((value) => result.push(value));
  if (schema.default !== undefined) result.push(schema.default);
  if (isArray(schema.enum)) schema.enum.forEach((value) => result.push(value));
  if (schema.const !== undefined) result.push(schema.const);
  return result;
}

/** An object that gives examples the way parameters, headers and media types do: `example` and a map of `examples`. */
export type ExampleHolder = Pick<MediaType, 'example' | 'examples'>;

/** A parameter's (or media type's) own `example` and the `value` of each of its `examples` (following `$ref`s to `components.examples`). */
export function exampleObjectValues(document: Document, holder: ExampleHolder, path: JsonPath): GivenValue[] {
  const result: GivenValue[] = [];
  if (holder.example !== undefined)
    result.push({ value: holder.example, path: [...path, 'example'], keyword: 'example' });
  if (isObject(holder.examples)) {
    for (const name of Object.keys(holder.examples)) {
      const example = resolve(document, holder.examples[name], [...path, 'examples', name]);
      if (isObject(example.value) && example.value.value !== undefined)
        result.push({ value: example.value.value, path: [...example.path, 'value'], keyword: 'examples' });
    }
  }
  return result;
}

/** A primitive value found inside an example object or list (see `exampleValues`). */
export interface ExampleValue {
  value: string | number | boolean | null;
  path: JsonPath;
  /**
   * The member name the value sits under (through lists: `locales: [en]` gives `locales`), or
   * undefined when it sits under a key of an `additionalProperties` map, where keys are data.
   */
  member?: string;
  /** The layers of the schema that describes the value, where the example's schema tells (empty otherwise). */
  layers: SchemaLayer[];
}

const membersCache = new WeakMap<object, Map<string, unknown>>();

function exampleMembers(document: Document, schema: Schema): Map<string, unknown> {
  let members = membersCache.get(schema);
  if (members) return members;
  members = new Map();
  for (const [key, entry] of collectProperties(document, schema, [])) members.set(key, entry.schema);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (!isArray(branches)) continue;
    for (const branch of branches) {
      for (const [name, entry] of collectProperties(document, branch, []))
        if (!members.has(name)) members.set(name, entry.schema);
    }
  }
  membersCache.set(schema, members);
  return members;
}

/** A JSON primitive: what `exampleValues` lists. */
function isPrimitive(value: unknown): value is ExampleValue['value'] {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/**
 * Every primitive value nested in the document's example data — media types' `example` and
 * `examples.*.value`, parameters' `example` and `examples.*.value`, and object or list
 * `example`/`examples` of schemas — each with the member name it sits under and, where the
 * example's schema tells, the schema that describes it (a key the schema does not declare keeps
 * its name and gets no schema). Top-level values are not listed: a rule checks those with the
 * schema or parameter that gives them. Memoised; bounded to MAX_SCHEMA_DEPTH levels and
 * EXAMPLE_VALUES values, each bound noted where it stops the walk (limits.ts).
 */
/** The example values one document's walk reads. */
const EXAMPLE_VALUES = 200_000;

export const exampleValues = memoise((document): ExampleValue[] => {
  const result: ExampleValue[] = [];
  const walked = new Set<object>();
  let budget = EXAMPLE_VALUES;
  const walk = (value: unknown, path: JsonPath, schema: unknown, member: string | undefined, depth: number) => {
    if (budget-- <= 0) {
      if (budget === -1) noteLimit(document, path, `more than ${EXAMPLE_VALUES.toLocaleString('en')} example values`);
      return;
    }
    if (depth > MAX_SCHEMA_DEPTH) {
      noteLimit(document, path, `an example nested more than ${MAX_SCHEMA_DEPTH} deep`);
      return;
    }
    const layers = schema === undefined ? [] : schemaLayers(document, schema, []);
    if (!isObject(value) && !isArray(value)) {
      if (depth > 0 && isPrimitive(value)) result.push({ value, path, member, layers });
      return;
    }
    const effective = layers.at(-1)?.schema;
    if (isArray(value)) {
      const items = layerKeyword(layers, 'items')?.value;
      value.forEach((item, i) => walk(item, [...path, i], isObject(items) ? items : undefined, member, depth + 1));
      return;
    }
    const members = effective ? exampleMembers(document, effective) : undefined;
    const map = effective?.additionalProperties;
    const isMap = isObject(map) && Object.keys(map).length > 0;
    for (const key of Object.keys(value)) {
      if (members?.has(key)) walk(value[key], [...path, key], members.get(key), key, depth + 1);
      else if (isMap) walk(value[key], [...path, key], map, undefined, depth + 1);
      else walk(value[key], [...path, key], undefined, key, depth + 1);
    }
  };
  const start = (value: unknown, path: JsonPath, schema: unknown) => {
    if (!isObject(value) && !isArray(value)) return;
    if (walked.has(value)) return;
    walked.add(value);
    walk(value, path, schema, undefined, 0);
  };
  for (const info of mediaTypes(document))
    for (const given of exampleObjectValues(document, info.media, info.path))
      start(given.value, given.path, info.media.schema);
  for (const info of parameters(document))
    for (const given of exampleObjectValues(document, info.parameter, info.path))
      start(given.value, given.path, info.parameter.schema);
  for (const node of schemas(document)) {
    if (node.schema.example !== undefined) start(node.schema.example, [...node.path, 'example'], node.schema);
    const examples = node.schema.examples;
    if (isArray(examples)) examples.forEach((value, i) => start(value, [...node.path, 'examples', i], node.schema));
  }
  return result;
}, 'exampleValues');

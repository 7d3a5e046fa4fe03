/**
 * Shared, memoised views of an OpenAPI document: operations, parameters, responses, media types
 * and every schema, each found in one walk of the unresolved document and cached per document
 * object. Rules iterate these lists instead of running their own deep JSONPath scans, so a
 * schema is visited once however many rules look at it (one pass, many rules, as Redocly and IBM's
 * ruleset walk a document).
 *
 * Only local `$ref`s (`#/...`) are followed: `vottur lint` bundles multi-file descriptions into
 * one document first, and under the stock Spectral CLI an external reference is simply not
 * followed by these helpers (the rule stays silent rather than guessing).
 */
import type { JsonPath, OpenApiDocument } from './rule.js';
import { timed } from './timing.js';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export type Obj = Record<string, any>;

export function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isRef(value: unknown): value is { $ref: string } {
  return isObject(value) && typeof value.$ref === 'string';
}

/** Computes once per document object. A named view is timed on its own line by `vottur lint --timing`. */
function memoise<T>(compute: (document: OpenApiDocument) => T, name?: string): (document: OpenApiDocument) => T {
  const cache = new WeakMap<object, T>();
  const label = name === undefined ? undefined : `(shared) ${name}`;
  return (document) => {
    let value = cache.get(document);
    if (value === undefined) {
      value = label === undefined ? compute(document) : timed(label, () => compute(document));
      cache.set(document, value);
    }
    return value;
  };
}

export function decodePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '#') return [];
  const body = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  let decoded = body;
  try {
    decoded = decodeURIComponent(body);
  } catch {
    // A malformed %-escape: read the pointer as written.
  }
  return decoded
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function encodePointer(path: JsonPath): string {
  if (path.length === 0) return '';
  const parts: string[] = [''];
  for (const segment of path) {
    const text = String(segment);
    // Most segments need no escaping; testing first saves two regular expressions per segment.
    parts.push(text.includes('~') || text.includes('/') ? text.replace(/~/g, '~0').replace(/\//g, '~1') : text);
  }
  // Joined, not added up: one flat string, not a chain of ~2 string pieces per segment (a finding
  // keeps its pointer; 22,000 chained pointers held ~8 MB more).
  return parts.join('/');
}

/** A JSON pointer as a URI fragment for `$ref` (`#/paths/~1v1~1users~1%7Bid%7D`): valid `uri-reference`. */
export function pointerToRef(path: JsonPath): string {
  return `#${encodePointer(path).replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/]/g, (c) => encodeURIComponent(c))}`;
}

const pointerCache = new WeakMap<object, Map<string, { value: unknown; path: JsonPath } | null>>();

/** The value a local `$ref` (`#/a/b`) points at, or null when there is none. Memoised per document. */
export function lookupLocalRef(document: OpenApiDocument, ref: string): { value: unknown; path: JsonPath } | null {
  if (!ref.startsWith('#')) return null;
  let cache = pointerCache.get(document);
  if (!cache) {
    cache = new Map();
    pointerCache.set(document, cache);
  }
  const cached = cache.get(ref);
  if (cached !== undefined) return cached;
  let node: unknown = document;
  const path = decodePointer(ref);
  for (const segment of path) {
    if (Array.isArray(node) && /^(?:0|[1-9]\d*)$/.test(segment) && Number(segment) < node.length) node = node[Number(segment)];
    else if (isObject(node) && Object.prototype.hasOwnProperty.call(node, segment)) node = node[segment];
    else {
      cache.set(ref, null);
      return null;
    }
  }
  const result = { value: node, path: path.map((segment, i) => (Array.isArray(at(document, path.slice(0, i))) ? Number(segment) : segment)) };
  cache.set(ref, result);
  return result;
}

function at(document: unknown, path: string[]): unknown {
  let node = document;
  for (const segment of path) node = isObject(node) || Array.isArray(node) ? (Object.prototype.hasOwnProperty.call(node, segment) ? (node as Obj)[segment] : undefined) : undefined;
  return node;
}

export interface Resolved<T = Obj> {
  /** The object itself, after following any chain of local `$ref`s. */
  value: T | undefined;
  /** Where the object is defined (the target of the last `$ref`). */
  path: JsonPath;
  /** True when a `$ref` was followed. */
  viaRef: boolean;
}

/** Follows local `$ref`s from `node` (found at `path`) to the object they name. */
export function resolve<T = Obj>(document: OpenApiDocument, node: unknown, path: JsonPath): Resolved<T> {
  let current = node;
  let currentPath = path;
  let viaRef = false;
  for (let hops = 0; isRef(current) && hops < 32; hops++) {
    const target = lookupLocalRef(document, current.$ref);
    if (!target) return { value: undefined, path: currentPath, viaRef: true };
    current = target.value;
    currentPath = target.path;
    viaRef = true;
  }
  if (isRef(current)) return { value: undefined, path: currentPath, viaRef };
  return { value: current as T, path: currentPath, viaRef };
}

export interface OperationInfo {
  /** The path template, e.g. `/v1/users/{userId}`. */
  pathKey: string;
  method: (typeof HTTP_METHODS)[number];
  operation: Obj;
  pathItem: Obj;
  /** `['paths', pathKey, method]` (or the path item's definition when it is a `$ref`). */
  path: JsonPath;
}

export const operations = memoise((document): OperationInfo[] => {
  const result: OperationInfo[] = [];
  const paths = document.paths;
  if (!isObject(paths)) return result;
  for (const pathKey of Object.keys(paths)) {
    const item = resolve(document, paths[pathKey], ['paths', pathKey]);
    if (!isObject(item.value)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item.value[method];
      if (isObject(operation)) result.push({ pathKey, method, operation, pathItem: item.value, path: [...item.path, method] });
    }
  }
  return result;
}, 'operations');

export interface ParameterInfo {
  parameter: Obj;
  /** Where the parameter object is defined. */
  path: JsonPath;
}

/** The parameters that apply to one operation: path-level merged with operation-level (which win). */
export function operationParameters(document: OpenApiDocument, op: OperationInfo): ParameterInfo[] {
  const pathItemPath = op.path.slice(0, -1);
  const merged = new Map<string, ParameterInfo>();
  const add = (list: unknown, listPath: JsonPath) => {
    if (!Array.isArray(list)) return;
    list.forEach((entry, index) => {
      const resolved = resolve(document, entry, [...listPath, index]);
      if (!isObject(resolved.value)) return;
      merged.delete(`${resolved.value.in}:${resolved.value.name}`);
      merged.set(`${resolved.value.in}:${resolved.value.name}`, { parameter: resolved.value, path: resolved.path });
    });
  };
  add(op.pathItem.parameters, [...pathItemPath, 'parameters']);
  add(op.operation.parameters, [...op.path, 'parameters']);
  return [...merged.values()];
}

/** Every parameter object in the document once, at its definition. */
export const parameters = memoise((document): ParameterInfo[] => {
  const seen = new Set<object>();
  const result: ParameterInfo[] = [];
  const add = (node: unknown, path: JsonPath) => {
    const resolved = resolve(document, node, path);
    if (!isObject(resolved.value) || seen.has(resolved.value)) return;
    seen.add(resolved.value);
    result.push({ parameter: resolved.value, path: resolved.path });
  };
  const components = document.components?.parameters;
  if (isObject(components)) for (const name of Object.keys(components)) add(components[name], ['components', 'parameters', name]);
  const seenItems = new Set<object>();
  for (const op of operations(document)) {
    const itemPath = op.path.slice(0, -1);
    if (!seenItems.has(op.pathItem)) {
      seenItems.add(op.pathItem);
      if (Array.isArray(op.pathItem.parameters)) op.pathItem.parameters.forEach((p: unknown, i: number) => add(p, [...itemPath, 'parameters', i]));
    }
    if (Array.isArray(op.operation.parameters)) op.operation.parameters.forEach((p: unknown, i: number) => add(p, [...op.path, 'parameters', i]));
  }
  return result;
}, 'parameters');

export interface ResponseInfo {
  operation: OperationInfo;
  /** The status key as written: `200`, `4XX`, `default`. */
  status: string;
  response: Obj;
  /** Where the response object is defined. */
  path: JsonPath;
  /** Where the operation lists it (`paths/.../responses/<status>`). */
  usagePath: JsonPath;
}

/** Every (operation, status) pair, the response resolved. A shared component appears once per use. */
export const responses = memoise((document): ResponseInfo[] => {
  const result: ResponseInfo[] = [];
  for (const op of operations(document)) {
    const list = op.operation.responses;
    if (!isObject(list)) continue;
    for (const status of Object.keys(list)) {
      if (status.startsWith('x-')) continue;
      const usagePath = [...op.path, 'responses', status];
      const resolved = resolve(document, list[status], usagePath);
      if (isObject(resolved.value)) result.push({ operation: op, status, response: resolved.value, path: resolved.path, usagePath });
    }
  }
  return result;
}, 'responses');

export interface MediaTypeInfo {
  kind: 'request' | 'response';
  /** The media type key, e.g. `application/json`. */
  mediaType: string;
  media: Obj;
  path: JsonPath;
  /** For responses: every status under which this media type is used (empty for unused components). */
  statuses: string[];
  operations: OperationInfo[];
}

/** Every request-body and response media type once, at its definition, with the statuses it serves. */
export const mediaTypes = memoise((document): MediaTypeInfo[] => {
  const byObject = new Map<object, MediaTypeInfo>();
  const addContainer = (kind: MediaTypeInfo['kind'], container: Obj, path: JsonPath, status?: string, op?: OperationInfo) => {
    const content = container.content;
    if (!isObject(content)) return;
    for (const mediaType of Object.keys(content)) {
      const media = content[mediaType];
      if (!isObject(media)) continue;
      let info = byObject.get(media);
      if (!info) {
        info = { kind, mediaType, media, path: [...path, 'content', mediaType], statuses: [], operations: [] };
        byObject.set(media, info);
      }
      if (status !== undefined && !info.statuses.includes(status)) info.statuses.push(status);
      if (op && !info.operations.includes(op)) info.operations.push(op);
    }
  };
  for (const op of operations(document)) {
    if (op.operation.requestBody !== undefined) {
      const body = resolve(document, op.operation.requestBody, [...op.path, 'requestBody']);
      if (isObject(body.value)) addContainer('request', body.value, body.path, undefined, op);
    }
  }
  for (const info of responses(document)) addContainer('response', info.response, info.path, info.status, info.operation);
  const components = document.components;
  if (isObject(components)) {
    for (const [section, kind] of [['requestBodies', 'request'], ['responses', 'response']] as const) {
      const group = components[section];
      if (!isObject(group)) continue;
      for (const name of Object.keys(group)) {
        if (isObject(group[name]) && !isRef(group[name])) addContainer(kind, group[name], ['components', section, name]);
      }
    }
  }
  return [...byObject.values()];
}, 'mediaTypes');

export type SchemaRole =
  | 'component'
  | 'referenced'
  | 'parameter'
  | 'header'
  | 'media'
  | 'property'
  | 'items'
  | 'prefixItems'
  | 'additionalProperties'
  | 'patternProperties'
  | 'allOf'
  | 'anyOf'
  | 'oneOf'
  | 'not'
  | 'other';

export interface SchemaNode {
  schema: Obj;
  path: JsonPath;
  role: SchemaRole;
  /** The property name when role is `property`; the component name when role is `component` (or `referenced`: the last segment of its path). */
  name?: string;
  /** The schema this one sits in (for properties: the object schema that holds them). */
  parent?: SchemaNode;
}

const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
const SUBSCHEMA_SINGLE = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else', 'unevaluatedItems', 'unevaluatedProperties'] as const;

/**
 * Every schema object in the document, each once: component schemas and the schemas of
 * parameters, headers and media types, then everything nested in them. `$ref` schemas are listed
 * (a property that is only a reference is still a property) but not descended into: their target
 * is visited where it is defined.
 */
export const schemas = memoise((document): SchemaNode[] => {
  const result: SchemaNode[] = [];
  const seen = new Set<object>();
  const walk = (schema: unknown, path: JsonPath, role: SchemaRole, name?: string, parent?: SchemaNode) => {
    // Each object once, `$ref` objects too: a reference that leads back to itself ends here.
    if (!isObject(schema) || seen.has(schema)) return;
    seen.add(schema);
    const node: SchemaNode = { schema, path, role, name, parent };
    result.push(node);
    if (isRef(schema)) {
      // A target outside the usual places (e.g. a bundled file's own `definitions`) is walked
      // where it is defined, the first time a reference reaches it.
      const target = lookupLocalRef(document, schema.$ref);
      if (target && isObject(target.value) && !seen.has(target.value)) walk(target.value, target.path, 'referenced', String(target.path[target.path.length - 1]));
      return;
    }
    for (const key of ['$defs', 'definitions'] as const) {
      if (isObject(schema[key])) for (const name of Object.keys(schema[key])) walk(schema[key][name], [...path, key, name], 'component', name);
    }
    if (isObject(schema.properties)) {
      for (const key of Object.keys(schema.properties)) walk(schema.properties[key], [...path, 'properties', key], 'property', key, node);
    }
    if (isObject(schema.patternProperties)) {
      for (const key of Object.keys(schema.patternProperties)) walk(schema.patternProperties[key], [...path, 'patternProperties', key], 'patternProperties', undefined, node);
    }
    for (const key of SUBSCHEMA_LISTS) {
      if (Array.isArray(schema[key])) schema[key].forEach((sub: unknown, i: number) => walk(sub, [...path, key, i], key === 'prefixItems' ? 'prefixItems' : key, undefined, node));
    }
    for (const key of SUBSCHEMA_SINGLE) {
      if (isObject(schema[key])) walk(schema[key], [...path, key], key === 'items' || key === 'additionalProperties' || key === 'not' ? key : 'other', undefined, node);
    }
    if (Array.isArray(schema.items)) schema.items.forEach((sub: unknown, i: number) => walk(sub, [...path, 'items', i], 'items', undefined, node));
  };
  const components = document.components;
  if (isObject(components)) {
    if (isObject(components.schemas)) for (const key of Object.keys(components.schemas)) walk(components.schemas[key], ['components', 'schemas', key], 'component', key);
    if (isObject(components.headers)) for (const key of Object.keys(components.headers)) walkHeader(components.headers[key], ['components', 'headers', key]);
  }
  for (const info of parameters(document)) {
    walk(info.parameter.schema, [...info.path, 'schema'], 'parameter', info.parameter.name);
    walkContent(info.parameter.content, info.path, 'parameter');
  }
  for (const info of mediaTypes(document)) walk(info.media.schema, [...info.path, 'schema'], 'media');
  for (const info of responses(document)) {
    if (isObject(info.response.headers)) for (const key of Object.keys(info.response.headers)) walkHeader(info.response.headers[key], [...info.path, 'headers', key]);
  }
  const defs = document.$defs ?? document.definitions;
  if (isObject(defs)) for (const key of Object.keys(defs)) walk(defs[key], [document.$defs ? '$defs' : 'definitions', key], 'component', key);
  return result;

  function walkHeader(header: unknown, path: JsonPath) {
    const resolved = resolve(document, header, path);
    if (!isObject(resolved.value)) return;
    walk(resolved.value.schema, [...resolved.path, 'schema'], 'header');
    walkContent(resolved.value.content, resolved.path, 'header');
  }
  function walkContent(content: unknown, path: JsonPath, role: SchemaRole) {
    if (!isObject(content)) return;
    for (const key of Object.keys(content)) if (isObject(content[key])) walk(content[key].schema, [...path, 'content', key, 'schema'], role);
  }
}, 'schemas');

/** Property nodes only: `(name, schema, path, holder)` for every property of every object schema. */
export const properties = memoise((document): SchemaNode[] => schemas(document).filter((node) => node.role === 'property'), 'properties');

/**
 * What a schema stands for after following `$ref`s and looking through a single-branch
 * `allOf`/`oneOf`/`anyOf` wrapper (a common way to add a description to a reference).
 */
export function effectiveSchema(document: OpenApiDocument, schema: unknown, path: JsonPath): Resolved {
  let resolved = resolve(document, schema, path);
  for (let hops = 0; hops < 8 && isObject(resolved.value); hops++) {
    const value: Obj = resolved.value;
    const wrapper = (['allOf', 'oneOf', 'anyOf'] as const).find((key) => Array.isArray(value[key]) && value[key].length === 1);
    if (!wrapper || value.type !== undefined || value.properties !== undefined) break;
    resolved = resolve(document, value[wrapper][0], [...resolved.path, wrapper, 0]);
  }
  return resolved;
}

/** The JSON Schema type(s) of a schema (`type: [string, 'null']` in 3.1 gives both). */
export function schemaTypes(schema: Obj | undefined): string[] {
  if (!schema) return [];
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t: unknown): t is string => typeof t === 'string');
  return [];
}

/** All properties a schema declares, including through `allOf` and local `$ref`s. */
export function collectProperties(document: OpenApiDocument, schema: unknown, path: JsonPath, depth = 0): Map<string, { schema: unknown; path: JsonPath }> {
  const result = new Map<string, { schema: unknown; path: JsonPath }>();
  const resolved = resolve(document, schema, path);
  if (!isObject(resolved.value) || depth > 16) return result;
  const value = resolved.value;
  if (Array.isArray(value.allOf)) {
    value.allOf.forEach((sub: unknown, i: number) => {
      for (const [key, entry] of collectProperties(document, sub, [...resolved.path, 'allOf', i], depth + 1)) result.set(key, entry);
    });
  }
  if (isObject(value.properties)) for (const key of Object.keys(value.properties)) result.set(key, { schema: value.properties[key], path: [...resolved.path, 'properties', key] });
  return result;
}

/** The operation's security requirements, or the document's when it declares none of its own. */
export function effectiveSecurity(document: OpenApiDocument, op: OperationInfo): Obj[] | undefined {
  const own = op.operation.security;
  if (Array.isArray(own)) return own;
  return Array.isArray(document.security) ? document.security : undefined;
}

/** True when the operation needs credentials (a non-empty requirement with no `{}` alternative). */
export function requiresSecurity(document: OpenApiDocument, op: OperationInfo): boolean {
  const requirements = effectiveSecurity(document, op);
  if (!requirements || requirements.length === 0) return false;
  return requirements.every((requirement) => isObject(requirement) && Object.keys(requirement).length > 0);
}

/** `2XX`, `204`, `default` → which class of status a response key stands for. */
export function statusClass(status: string): '1' | '2' | '3' | '4' | '5' | 'default' | undefined {
  if (status === 'default') return 'default';
  const first = status.charAt(0);
  return /^[1-5]([0-9]{2}|XX)$/i.test(status) ? (first as '1' | '2' | '3' | '4' | '5') : undefined;
}

const exampleCache = new WeakMap<object, boolean>();

/**
 * True when a schema gives an example: its own `example` (or a non-empty 3.1 `examples` array),
 * or that of what it stands for: a `$ref` target (a reference that does not resolve locally counts,
 * so rules stay silent rather than guess), a single-branch `allOf`/`oneOf`/`anyOf` wrapper, every
 * branch of a `oneOf`/`anyOf`, the `items` of an array, or, for an object, its members when every
 * one of them gives an example (`assemblesExample`). Memoised per schema object.
 */
export function schemaHasExample(document: OpenApiDocument, schema: unknown): boolean {
  if (!isObject(schema)) return false;
  const cached = exampleCache.get(schema);
  if (cached !== undefined) return cached;
  exampleCache.set(schema, false); // A cycle back to this schema finds no example through it.
  let found = false;
  if (schema.example !== undefined || (Array.isArray(schema.examples) && schema.examples.length > 0)) found = true;
  else if (isRef(schema)) {
    const target = lookupLocalRef(document, schema.$ref);
    found = target === null || schemaHasExample(document, target.value);
  } else {
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
      const branches: unknown = schema[key];
      if (!Array.isArray(branches) || branches.length === 0) continue;
      if ((branches.length === 1 || key !== 'allOf') && branches.every((branch) => schemaHasExample(document, branch))) found = true;
    }
    if (!found && isObject(schema.items)) found = schemaHasExample(document, schema.items);
    if (!found) found = assemblesExample(document, schema);
  }
  exampleCache.set(schema, found);
  return found;
}

/**
 * True when an object schema's example can be put together from its members, as documentation
 * tools do: it declares properties (directly or through `allOf`/`$ref`), every one of them gives
 * an example (see `schemaHasExample`), a `const` or an `enum`, and at least one gives an example
 * or a `const`: an enum alone lists values, it does not show one in use (issue 18), so an object
 * of enums only is not an example.
 */
function assemblesExample(document: OpenApiDocument, schema: Obj): boolean {
  const members = collectProperties(document, schema, []);
  if (members.size === 0) return false;
  let shown = false;
  for (const { schema: member } of members.values()) {
    if (schemaHasExample(document, member)) {
      shown = true;
      continue;
    }
    const effective = effectiveSchema(document, member, []).value;
    // A `const` is the one value the member takes: shown as much as an example would show it.
    if (isObject(effective) && effective.const !== undefined) {
      shown = true;
      continue;
    }
    if (isObject(effective) && Array.isArray(effective.enum) && effective.enum.length > 0) continue;
    return false;
  }
  return shown;
}

/** True when a media type object gives an example: `example`, a non-empty `examples`, or its schema's (see `schemaHasExample`). */
export function mediaHasExample(document: OpenApiDocument, media: Obj): boolean {
  if (media.example !== undefined) return true;
  if ((isObject(media.examples) || Array.isArray(media.examples)) && Object.keys(media.examples).length > 0) return true;
  return schemaHasExample(document, media.schema);
}

/** Media types whose bodies are text a description can show: text, JSON, XML, forms, multipart containers. */
const TEXTUAL_MEDIA = /^(text\/|application\/([\w.+-]*\+)?(json|xml)\b|application\/[\w.+-]*json|application\/x-www-form-urlencoded|multipart\/)/i;

/** True when a schema stands for raw bytes: a string with `format: binary`, or 3.1 `contentMediaType`/`contentEncoding` (or a list of such). */
function isBinarySchema(document: OpenApiDocument, schema: unknown): boolean {
  const value = effectiveSchema(document, schema, []).value;
  if (!isObject(value)) return false;
  const types = schemaTypes(value);
  if (types.includes('array') && isObject(value.items)) return isBinarySchema(document, value.items);
  return (types.length === 0 || types.includes('string')) && (value.format === 'binary' || value.contentMediaType !== undefined || value.contentEncoding !== undefined);
}

/**
 * True when a media type carries raw bytes, for which an example cannot be written inline: its
 * schema is a binary string (`format: binary`, or 3.1 `contentMediaType`/`contentEncoding`), or
 * the media type is not a textual one (`image/png`, `application/pdf`, `application/octet-stream`)
 * and its schema, if any, is a string.
 */
export function isBinaryMedia(document: OpenApiDocument, mediaType: string, media: Obj): boolean {
  const textual = TEXTUAL_MEDIA.test(mediaType);
  if (media.schema === undefined) return !textual;
  if (isBinarySchema(document, media.schema)) return true;
  if (textual) return false;
  const schema = effectiveSchema(document, media.schema, []).value;
  return isObject(schema) && schemaTypes(schema).every((type) => type === 'string');
}

/** One layer of what a schema stands for (see `schemaLayers`). */
export interface SchemaLayer {
  schema: Obj;
  /** Where this layer is defined. */
  path: JsonPath;
}

function isNullSchema(schema: unknown): boolean {
  return isObject(schema) && (schema.type === 'null' || (Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null));
}

/**
 * The layers a schema is made of, outermost first: the schema itself (after `$ref`s), then what
 * it stands for through single-branch `allOf`/`oneOf`/`anyOf` wrappers and `oneOf`/`anyOf`
 * lists with one non-null branch (3.1's `anyOf: [X, {type: 'null'}]`). A layer that declares
 * `properties` ends the chain (it adds members; it does not wrap). A keyword's effective value
 * is the first layer's that has it (`layerKeyword`); a rule reports a missing keyword at the
 * last layer, where the schema is defined.
 */
export function schemaLayers(document: OpenApiDocument, schema: unknown, path: JsonPath): SchemaLayer[] {
  const layers: SchemaLayer[] = [];
  let current = resolve(document, schema, path);
  for (let hops = 0; hops < 8 && isObject(current.value); hops++) {
    const value: Obj = current.value;
    layers.push({ schema: value, path: current.path });
    if (value.properties !== undefined) break;
    let next: { schema: unknown; path: JsonPath } | undefined;
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
      const list = value[key];
      if (!Array.isArray(list)) continue;
      const branches = list.map((branch: unknown, index: number) => ({ branch, index })).filter(({ branch }) => !isNullSchema(branch));
      if (branches.length === 1 && (list.length === 1 || key !== 'allOf')) {
        next = { schema: branches[0]!.branch, path: [...current.path, key, branches[0]!.index] };
        break;
      }
    }
    if (!next) break;
    const following = resolve(document, next.schema, next.path);
    if (!isObject(following.value) || layers.some((layer) => layer.schema === following.value)) break;
    current = following;
  }
  return layers;
}

/** The first layer that has `keyword`, its value and the path to it. */
export function layerKeyword(layers: SchemaLayer[], keyword: string): { value: unknown; path: JsonPath; layer: SchemaLayer } | undefined {
  for (const layer of layers) {
    if (layer.schema[keyword] !== undefined) return { value: layer.schema[keyword], path: [...layer.path, keyword], layer };
  }
  return undefined;
}

/** A value a schema or parameter gives as data: an example, a default, an enum member. */
export interface GivenValue {
  value: unknown;
  path: JsonPath;
  keyword: 'example' | 'examples' | 'default' | 'enum' | 'const';
}

/** A schema's own `example`, `examples` (a list, as in 3.1), `default`, `enum` members and `const`. */
export function schemaValues(schema: Obj, path: JsonPath): GivenValue[] {
  const result: GivenValue[] = [];
  if (schema.example !== undefined) result.push({ value: schema.example, path: [...path, 'example'], keyword: 'example' });
  if (Array.isArray(schema.examples)) schema.examples.forEach((value: unknown, i: number) => result.push({ value, path: [...path, 'examples', i], keyword: 'examples' }));
  if (schema.default !== undefined) result.push({ value: schema.default, path: [...path, 'default'], keyword: 'default' });
  if (Array.isArray(schema.enum)) schema.enum.forEach((value: unknown, i: number) => result.push({ value, path: [...path, 'enum', i], keyword: 'enum' }));
  if (schema.const !== undefined) result.push({ value: schema.const, path: [...path, 'const'], keyword: 'const' });
  return result;
}

/** A parameter's (or media type's) own `example` and the `value` of each of its `examples` (following `$ref`s to `components.examples`). */
export function exampleObjectValues(document: OpenApiDocument, holder: Obj, path: JsonPath): GivenValue[] {
  const result: GivenValue[] = [];
  if (holder.example !== undefined) result.push({ value: holder.example, path: [...path, 'example'], keyword: 'example' });
  if (isObject(holder.examples)) {
    for (const name of Object.keys(holder.examples)) {
      const example = resolve(document, holder.examples[name], [...path, 'examples', name]);
      if (isObject(example.value) && example.value.value !== undefined) result.push({ value: example.value.value, path: [...example.path, 'value'], keyword: 'examples' });
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

function exampleMembers(document: OpenApiDocument, schema: Obj): Map<string, unknown> {
  let members = membersCache.get(schema);
  if (members) return members;
  members = new Map();
  for (const [key, entry] of collectProperties(document, schema, [])) members.set(key, entry.schema);
  for (const key of ['oneOf', 'anyOf'] as const) {
    if (!Array.isArray(schema[key])) continue;
    for (const branch of schema[key]) {
      for (const [name, entry] of collectProperties(document, branch, [])) if (!members.has(name)) members.set(name, entry.schema);
    }
  }
  membersCache.set(schema, members);
  return members;
}

/**
 * Every primitive value nested in the document's example data — media types' `example` and
 * `examples.*.value`, parameters' `example` and `examples.*.value`, and object or list
 * `example`/`examples` of schemas — each with the member name it sits under and, where the
 * example's schema tells, the schema that describes it (a key the schema does not declare keeps
 * its name and gets no schema). Top-level values are not listed: a rule checks those with the
 * schema or parameter that gives them. Memoised; bounded to 16 levels and 200,000 values.
 */
export const exampleValues = memoise((document): ExampleValue[] => {
  const result: ExampleValue[] = [];
  const walked = new Set<object>();
  let budget = 200_000;
  const walk = (value: unknown, path: JsonPath, schema: unknown, member: string | undefined, depth: number) => {
    if (budget-- <= 0 || depth > 16) return;
    const layers = schema === undefined ? [] : schemaLayers(document, schema, []);
    if (!isObject(value) && !Array.isArray(value)) {
      if (depth > 0 && (value === null || ['string', 'number', 'boolean'].includes(typeof value))) result.push({ value: value as ExampleValue['value'], path, member, layers });
      return;
    }
    const effective = layers.at(-1)?.schema;
    if (Array.isArray(value)) {
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
    if (!isObject(value) && !Array.isArray(value)) return;
    if (walked.has(value)) return;
    walked.add(value);
    walk(value, path, schema, undefined, 0);
  };
  for (const info of mediaTypes(document)) for (const given of exampleObjectValues(document, info.media, info.path)) start(given.value, given.path, info.media.schema);
  for (const info of parameters(document)) for (const given of exampleObjectValues(document, info.parameter, info.path)) start(given.value, given.path, info.parameter.schema);
  for (const node of schemas(document)) {
    if (node.schema.example !== undefined) start(node.schema.example, [...node.path, 'example'], node.schema);
    if (Array.isArray(node.schema.examples)) node.schema.examples.forEach((value: unknown, i: number) => start(value, [...node.path, 'examples', i], node.schema));
  }
  return result;
}, 'exampleValues');

/**
 * True when a media type's body has nothing to show in an example: raw bytes (`isBinaryMedia`),
 * a multipart upload whose parts are files or give examples of their own, or an object schema
 * that admits only `{}` (no properties, `additionalProperties: false`), as
 * generated descriptions give GET and DELETE operations that take no body.
 */
export function bodyNeedsNoExample(document: OpenApiDocument, mediaType: string, media: Obj): boolean {
  if (isBinaryMedia(document, mediaType, media)) return true;
  const schema = effectiveSchema(document, media.schema, []).value;
  if (!isObject(schema)) return false;
  if (/^multipart\//i.test(mediaType)) {
    // A file upload: the file parts cannot be shown; the other parts give examples.
    const parts = collectProperties(document, schema, []);
    const values = [...parts.values()];
    if (values.some((part) => isBinarySchema(document, part.schema)) && values.every((part) => isBinarySchema(document, part.schema) || schemaHasExample(document, part.schema))) return true;
  }
  const types = schemaTypes(schema);
  return (
    (types.length === 0 || (types.length === 1 && types[0] === 'object')) &&
    schema.additionalProperties === false &&
    (schema.properties === undefined || (isObject(schema.properties) && Object.keys(schema.properties).length === 0)) &&
    schema.patternProperties === undefined &&
    !['allOf', 'oneOf', 'anyOf'].some((key) => schema[key] !== undefined)
  );
}

/** True when `path` is `prefix` or lies below it (segments compared as strings). */
export function within(path: JsonPath, prefix: JsonPath): boolean {
  return prefix.length <= path.length && prefix.every((segment, i) => String(segment) === String(path[i]));
}

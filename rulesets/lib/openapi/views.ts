/**
 * Shared, memoised views of an OpenAPI document: operations, parameters, responses, media types
 * and every schema, each found in one walk of the unresolved document and cached per document
 * object. Rules iterate these lists instead of running their own deep JSONPath scans, so a
 * schema is visited once however many rules look at it (one pass, many rules, as Redocly and IBM's
 * ruleset walk a document).
 */
import { timed } from '../timing.js';
import { lookupRefAt, resolve } from './resolve.js';
import {
  PATH_ITEM_METHODS,
  isArray,
  isObject,
  isRef,
  type Document,
  type HttpMethod,
  type JsonObject,
  type JsonPath,
  type MediaType,
  type Operation,
  type Parameter,
  type PathItem,
  type Response,
  type Schema,
} from './types.js';

/** Each memoised view's cache, so that a view's value for a document can be given in advance (`presetView`). */
const viewCaches = new WeakMap<(document: Document) => unknown, WeakMap<object, unknown>>();

/** Computes once per document object. A named view is timed on its own line by `vottur lint --timing`. */
export function memoise<T>(compute: (document: Document) => T, name?: string): (document: Document) => T {
  const cache = new WeakMap<object, T>();
  const label = name === undefined ? undefined : `(shared) ${name}`;
  const view = (document: Document): T => {
    let value = cache.get(document);
    if (value === undefined) {
      value = label === undefined ? compute(document) : timed(label, () => compute(document));
      cache.set(document, value);
    }
    return value;
  };
  viewCaches.set(view, cache);
  return view;
}

/**
 * Gives a memoised view its value for one document before any rule asks. The incremental linter
 * (src/lint/incremental.ts) runs rules on a slice of a document (the changed path items) and hands
 * them the slice's own schemas only, so a rule does not walk every unchanged component again.
 */
export function presetView<T>(view: (document: Document) => T, document: Document, value: T): void {
  const cache = viewCaches.get(view);
  if (!cache) throw new Error('presetView: not a memoised view');
  cache.set(document, value);
}

export interface OperationInfo {
  /** The path template, e.g. `/v1/users/{userId}`. */
  pathKey: string;
  /**
   * The method: a fixed field of the path item (lower case, `query` included), or for OpenAPI 3.2's
   * `additionalOperations` the key as written (`COPY`).
   */
  method: HttpMethod | (string & {});
  operation: Operation;
  pathItem: PathItem;
  /** `['paths', pathKey, method]`, `['paths', pathKey, 'additionalOperations', method]` (or under the path item's definition when it is a `$ref`). */
  path: JsonPath;
}

export const operations = memoise((document): OperationInfo[] => {
  const result: OperationInfo[] = [];
  const paths = document.paths;
  if (!isObject(paths)) return result;
  for (const pathKey of Object.keys(paths)) {
    const item = resolve(document, paths[pathKey], ['paths', pathKey]);
    if (!isObject(item.value)) continue;
    const pathItem: PathItem = item.value;
    for (const method of PATH_ITEM_METHODS) {
      const operation = pathItem[method];
      if (isObject(operation)) result.push({ pathKey, method, operation, pathItem, path: [...item.path, method] });
    }
    const additional = pathItem.additionalOperations;
    if (isObject(additional)) {
      for (const method of Object.keys(additional)) {
        const operation = additional[method];
        if (!method.startsWith('x-') && isObject(operation))
          result.push({ pathKey, method, operation, pathItem, path: [...item.path, 'additionalOperations', method] });
      }
    }
  }
  return result;
}, 'operations');

/** An operation a service makes of its subscribers: a 3.1 webhook's, or a callback's (3.0). */
export interface OutboundOperationInfo {
  kind: 'webhook' | 'callback';
  /** The webhook's name, or the callback's name and expression (`onEvent {$request.body#/url}`). */
  name: string;
  method: HttpMethod;
  operation: Operation;
  pathItem: PathItem;
  /** Where the operation is defined (after the path item's `$ref`). */
  path: JsonPath;
}

/**
 * Every webhook and callback operation: 3.1 `webhooks`, the callbacks of every operation and of
 * `components.callbacks`. Bounded: a callback's own callbacks are not followed, at most 10,000.
 */
export const outboundOperations = memoise((document): OutboundOperationInfo[] => {
  const holders: Array<{ kind: OutboundOperationInfo['kind']; name: string; holder: unknown; path: JsonPath }> = [];
  if (isObject(document.webhooks))
    for (const key of Object.keys(document.webhooks))
      holders.push({ kind: 'webhook', name: key, holder: document.webhooks[key], path: ['webhooks', key] });
  const callbacksOf = (name: string, holder: unknown, path: JsonPath) => {
    const resolved = resolve(document, holder, path);
    if (!isObject(resolved.value)) return;
    for (const expression of Object.keys(resolved.value))
      holders.push({
        kind: 'callback',
        name: `${name} ${expression}`,
        holder: resolved.value[expression],
        path: [...resolved.path, expression],
      });
  };
  for (const op of operations(document))
    if (isObject(op.operation.callbacks))
      for (const name of Object.keys(op.operation.callbacks))
        callbacksOf(name, op.operation.callbacks[name], [...op.path, 'callbacks', name]);
  const components = document.components;
  if (isObject(components) && isObject(components.callbacks))
    for (const name of Object.keys(components.callbacks))
      callbacksOf(name, components.callbacks[name], ['components', 'callbacks', name]);
  const result: OutboundOperationInfo[] = [];
  for (const { kind, name, holder, path } of holders.slice(0, 10_000)) {
    const item = resolve(document, holder, path);
    if (!isObject(item.value)) continue;
    const pathItem: PathItem = item.value;
    for (const method of PATH_ITEM_METHODS) {
      const operation = pathItem[method];
      if (isObject(operation)) result.push({ kind, name, method, operation, pathItem, path: [...item.path, method] });
    }
  }
  return result;
}, 'outboundOperations');

export interface ParameterInfo {
  parameter: Parameter;
  /** Where the parameter object is defined. */
  path: JsonPath;
}

/** The parameters that apply to one operation: path-level merged with operation-level (which win). */
export function operationParameters(document: Document, op: OperationInfo): ParameterInfo[] {
  const pathItemPath = op.path.slice(0, -1);
  const merged = new Map<string, ParameterInfo>();
  const add = (list: unknown, listPath: JsonPath) => {
    if (!isArray(list)) return;
    list.forEach((entry, index) => {
      const resolved = resolve(document, entry, [...listPath, index]);
      if (!isObject(resolved.value)) return;
      const key = `${String(resolved.value.in)}:${String(resolved.value.name)}`;
      merged.delete(key);
      merged.set(key, { parameter: resolved.value, path: resolved.path });
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
  const components = isObject(document.components) ? document.components.parameters : undefined;
  if (isObject(components))
    for (const name of Object.keys(components)) add(components[name], ['components', 'parameters', name]);
  const seenItems = new Set<object>();
  for (const op of operations(document)) {
    const itemPath = op.path.slice(0, -1);
    if (!seenItems.has(op.pathItem)) {
      seenItems.add(op.pathItem);
      if (isArray(op.pathItem.parameters))
        op.pathItem.parameters.forEach((p, i) => add(p, [...itemPath, 'parameters', i]));
    }
    if (isArray(op.operation.parameters))
      op.operation.parameters.forEach((p, i) => add(p, [...op.path, 'parameters', i]));
  }
  return result;
}, 'parameters');

export interface ResponseInfo {
  operation: OperationInfo;
  /** The status key as written: `200`, `4XX`, `default`. */
  status: string;
  response: Response;
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
      if (isObject(resolved.value))
        result.push({ operation: op, status, response: resolved.value, path: resolved.path, usagePath });
    }
  }
  return result;
}, 'responses');

export interface MediaTypeInfo {
  kind: 'request' | 'response';
  /** The media type key, e.g. `application/json`. */
  mediaType: string;
  media: MediaType;
  path: JsonPath;
  /** For responses: every status under which this media type is used (empty for unused components). */
  statuses: string[];
  operations: OperationInfo[];
}

/** Every request-body and response media type once, at its definition, with the statuses it serves. */
export const mediaTypes = memoise((document): MediaTypeInfo[] => {
  const byObject = new Map<object, MediaTypeInfo>();
  const addContainer = (
    kind: MediaTypeInfo['kind'],
    container: JsonObject,
    path: JsonPath,
    status?: string,
    op?: OperationInfo,
  ) => {
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
  for (const info of responses(document))
    addContainer('response', info.response, info.path, info.status, info.operation);
  const components = document.components;
  if (isObject(components)) {
    for (const [section, kind] of [
      ['requestBodies', 'request'],
      ['responses', 'response'],
    ] as const) {
      const group = components[section];
      if (!isObject(group)) continue;
      for (const name of Object.keys(group)) {
        const container = group[name];
        if (isObject(container) && !isRef(container)) addContainer(kind, container, ['components', section, name]);
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
  schema: Schema;
  path: JsonPath;
  role: SchemaRole;
  /** The property name when role is `property`; the component name when role is `component` (or `referenced`: the last segment of its path). */
  name?: string;
  /** The schema this one sits in (for properties: the object schema that holds them). */
  parent?: SchemaNode;
}

const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
const SUBSCHEMA_SINGLE = [
  'items',
  'additionalProperties',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
] as const;

/**
 * Every schema object in the document, each once: component schemas and the schemas of
 * parameters, headers and media types, then everything nested in them. `$ref` schemas are listed
 * (a property that is only a reference is still a property) but not descended into: their target
 * is visited where it is defined.
 */
export const schemas = memoise((document): SchemaNode[] => {
  const result: SchemaNode[] = [];
  const seen = new Set<object>();
  // Depth first, each node before what it holds, as a recursive walk would visit them, but over a
  // stack of its own: a `$ref` chain is followed to its end however long it is (issue 34, B14: a
  // 2,000-long chain overflowed the call stack, and every rule that read this view failed).
  interface Pending {
    schema: unknown;
    path: JsonPath;
    role: SchemaRole;
    name?: string | undefined;
    parent?: SchemaNode | undefined;
  }
  const visit = (first: Pending) => {
    const stack: Pending[] = [first];
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      const { schema, path, role, name, parent } = next;
      // Each object once, `$ref` objects too: a reference that leads back to itself ends here.
      if (!isObject(schema) || seen.has(schema)) continue;
      seen.add(schema);
      const node: SchemaNode = { schema, path, role, name, parent };
      result.push(node);
      // What the node holds, in the order it is visited; pushed last first.
      const children: Pending[] = [];
      if (isRef(schema)) {
        // A target outside the usual places (e.g. a bundled file's own `definitions`) is walked
        // where it is defined, the first time a reference reaches it.
        // Against the schema resource it stands in (an embedded `$id` sets its own base).
        const target = lookupRefAt(document, schema.$ref, path);
        if (target && isObject(target.value) && !seen.has(target.value))
          stack.push({
            schema: target.value,
            path: target.path,
            role: 'referenced',
            name: String(target.path[target.path.length - 1]),
          });
        continue;
      }
      const value: Schema = schema;
      for (const key of ['$defs', 'definitions'] as const) {
        const defs = value[key];
        if (isObject(defs))
          for (const name of Object.keys(defs))
            children.push({ schema: defs[name], path: [...path, key, name], role: 'component', name });
      }
      if (isObject(value.properties)) {
        for (const key of Object.keys(value.properties))
          children.push({
            schema: value.properties[key],
            path: [...path, 'properties', key],
            role: 'property',
            name: key,
            parent: node,
          });
      }
      if (isObject(value.patternProperties)) {
        for (const key of Object.keys(value.patternProperties))
          children.push({
            schema: value.patternProperties[key],
            path: [...path, 'patternProperties', key],
            role: 'patternProperties',
            parent: node,
          });
      }
      for (const key of SUBSCHEMA_LISTS) {
        const list = value[key];
        if (isArray(list))
          list.forEach((sub, i) =>
            children.push({
              schema: sub,
              path: [...path, key, i],
              role: key === 'prefixItems' ? 'prefixItems' : key,
              parent: node,
            }),
          );
      }
      for (const key of SUBSCHEMA_SINGLE) {
        const sub = value[key];
        if (isObject(sub))
          children.push({
            schema: sub,
            path: [...path, key],
            role: key === 'items' || key === 'additionalProperties' || key === 'not' ? key : 'other',
            parent: node,
          });
      }
      if (isArray(value.items))
        value.items.forEach((sub, i) =>
          children.push({ schema: sub, path: [...path, 'items', i], role: 'items', parent: node }),
        );
      for (const child of children.reverse()) stack.push(child);
    }
  };
  const walk = (schema: unknown, path: JsonPath, role: SchemaRole, name?: string, parent?: SchemaNode) =>
    visit({ schema, path, role, name, parent });
  const components = document.components;
  if (isObject(components)) {
    if (isObject(components.schemas))
      for (const key of Object.keys(components.schemas))
        walk(components.schemas[key], ['components', 'schemas', key], 'component', key);
    if (isObject(components.headers))
      for (const key of Object.keys(components.headers))
        walkHeader(components.headers[key], ['components', 'headers', key]);
  }
  for (const info of parameters(document)) {
    walk(
      info.parameter.schema,
      [...info.path, 'schema'],
      'parameter',
      typeof info.parameter.name === 'string' ? info.parameter.name : undefined,
    );
    walkContent(info.parameter.content, info.path, 'parameter');
  }
  for (const info of mediaTypes(document)) {
    walk(info.media.schema, [...info.path, 'schema'], 'media');
    // OpenAPI 3.2: the schema of each item of a streamed body (JSON Lines, server-sent events).
    walk(info.media.itemSchema, [...info.path, 'itemSchema'], 'media');
  }
  for (const info of responses(document)) {
    if (isObject(info.response.headers))
      for (const key of Object.keys(info.response.headers))
        walkHeader(info.response.headers[key], [...info.path, 'headers', key]);
  }
  const defs = document.$defs ?? document.definitions;
  if (isObject(defs))
    for (const key of Object.keys(defs))
      walk(defs[key], [document.$defs ? '$defs' : 'definitions', key], 'component', key);
  // What a service sends to its subscribers is its data too (3.1 `webhooks`, 3.0 `callbacks`): their
  // schemas are walked like the paths', so the rules on fields (names, identifiers, dates, money)
  // read them (attack r8 L2: a `user_name` and an integer `nationalId` under a webhook passed).
  for (const { operation, pathItem, path: at } of outboundOperations(document)) {
    const itemPath = at.slice(0, -1);
    for (const [list, listPath] of [
      [pathItem.parameters, [...itemPath, 'parameters']],
      [operation.parameters, [...at, 'parameters']],
    ] as Array<[unknown, JsonPath]>)
      if (isArray(list))
        list.forEach((parameter, i) => {
          const resolved = resolve(document, parameter, [...listPath, i]);
          if (!isObject(resolved.value)) return;
          const name = typeof resolved.value.name === 'string' ? resolved.value.name : undefined;
          walk(resolved.value.schema, [...resolved.path, 'schema'], 'parameter', name);
          walkContent(resolved.value.content, resolved.path, 'parameter');
        });
    const body = resolve(document, operation.requestBody, [...at, 'requestBody']);
    if (isObject(body.value)) walkContent(body.value.content, body.path, 'media');
    if (isObject(operation.responses))
      for (const status of Object.keys(operation.responses)) {
        const response = resolve(document, operation.responses[status], [...at, 'responses', status]);
        if (!isObject(response.value)) continue;
        walkContent(response.value.content, response.path, 'media');
        if (isObject(response.value.headers))
          for (const key of Object.keys(response.value.headers))
            walkHeader(response.value.headers[key], [...response.path, 'headers', key]);
      }
  }
  return result;

  function walkHeader(header: unknown, path: JsonPath) {
    const resolved = resolve(document, header, path);
    if (!isObject(resolved.value)) return;
    walk(resolved.value.schema, [...resolved.path, 'schema'], 'header');
    walkContent(resolved.value.content, resolved.path, 'header');
  }
  function walkContent(content: unknown, path: JsonPath, role: SchemaRole) {
    if (!isObject(content)) return;
    for (const key of Object.keys(content)) {
      const media = content[key];
      if (!isObject(media)) continue;
      walk(media.schema, [...path, 'content', key, 'schema'], role);
      walk(media.itemSchema, [...path, 'content', key, 'itemSchema'], role);
    }
  }
}, 'schemas');

/** A property's node: named by the property, its parent the object schema that holds it. */
export interface PropertyNode extends SchemaNode {
  role: 'property';
  name: string;
  parent: SchemaNode;
}

/** True for a property's node (`schemas` gives every property its name and parent). */
export function isPropertyNode(node: SchemaNode): node is PropertyNode {
  return node.role === 'property';
}

/** Property nodes only: `(name, schema, path, holder)` for every property of every object schema. */
export const properties = memoise((document): PropertyNode[] => schemas(document).filter(isPropertyNode), 'properties');

/** The operation's security requirements, or the document's when it declares none of its own. */
export function effectiveSecurity(document: Document, op: OperationInfo): unknown[] | undefined {
  const own = op.operation.security;
  if (isArray(own)) return own;
  return isArray(document.security) ? document.security : undefined;
}

/** True when the operation needs credentials (a non-empty requirement with no `{}` alternative). */
export function requiresSecurity(document: Document, op: OperationInfo): boolean {
  const requirements = effectiveSecurity(document, op);
  if (!requirements || requirements.length === 0) return false;
  return requirements.every((requirement) => isObject(requirement) && Object.keys(requirement).length > 0);
}

/**
 * Statuses whose responses have no body (RFC 9110: 204 No Content, 205 Reset Content, 304 Not
 * Modified). A body declared on one is platform-content-type's one finding; the rules that judge
 * bodies (examples, data objects, collections) leave it alone: one cause, one finding.
 */
export const NO_BODY_STATUSES: ReadonlySet<string> = new Set(['204', '205', '304']);

/** `2XX`, `204`, `default` → which class of status a response key stands for. */
export function statusClass(status: string): '1' | '2' | '3' | '4' | '5' | 'default' | undefined {
  if (status === 'default') return 'default';
  const first = status.charAt(0);
  return /^[1-5]([0-9]{2}|XX)$/i.test(status) ? (first as '1' | '2' | '3' | '4' | '5') : undefined;
}

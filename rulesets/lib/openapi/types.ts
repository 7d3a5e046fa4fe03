/**
 * The nodes of an OpenAPI 3.0/3.1 description as rules meet them: parsed, unresolved and not
 * validated. A rule runs on any input, a malformed one too, so a node's shape is not taken on
 * trust: each node type names the keys OpenAPI gives that object (taken from `openapi-types`'
 * OpenAPIV3 and OpenAPIV3_1, so a misspelt key does not compile) plus any `x-` extension, and
 * every value is `unknown` until a guard (`isObject`, `isArray`, `typeof`) says what it is.
 *
 * A node is a JSON object: a `JsonObject` that `isObject` narrows to can be used as any of them
 * without a cast, and each of them is a `JsonObject` where keys are read by a computed name.
 */
import type { OpenAPIV2, OpenAPIV3, OpenAPIV3_1 } from 'openapi-types';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/**
 * The methods a path item holds as fixed fields: HTTP_METHODS and OpenAPI 3.2's `query` (a safe
 * request with a body). Other methods of 3.2 are under the path item's `additionalOperations`,
 * keyed by the method as sent (`COPY`, `PURGE`).
 */
export const PATH_ITEM_METHODS = [...HTTP_METHODS, 'query'] as const;
export type HttpMethod = (typeof PATH_ITEM_METHODS)[number];

/** Where a node is: object keys and list indices from the document's root. */
export type JsonPath = Array<string | number>;

/** A JSON object as parsed: any key, any value. */
export type JsonObject = Record<string, unknown>;

/** Specification extensions: `x-` keys are allowed on every node. */
export type Extensions = { [key: `x-${string}`]: unknown };

/** An object of the description with the given keys, each holding whatever was written. */
export type Node<Keys extends string> = { [K in Keys]?: unknown } & Extensions;

/** The keys OpenAPI 3.0 and 3.1 give an object (the union of both versions'). */
type KeysOf<V30, V31 = V30> = Extract<keyof V30 | keyof V31, string>;

/**
 * The description's root. `swagger` is read to tell a Swagger 2.0 document; `definitions` and
 * `$defs` hold the schemas of a bundled file that is a JSON Schema rather than an OpenAPI description.
 */
export type Document = Node<KeysOf<OpenAPIV3.Document, OpenAPIV3_1.Document> | KeysOf<OpenAPIV2.Document> | '$defs'>;
export type Info = Node<KeysOf<OpenAPIV3.InfoObject, OpenAPIV3_1.InfoObject>>;
export type Contact = Node<KeysOf<OpenAPIV3.ContactObject>>;
export type Server = Node<KeysOf<OpenAPIV3.ServerObject, OpenAPIV3_1.ServerObject>>;
/** OpenAPI 3.2 adds `summary`, `parent` (the name of the tag it nests under) and `kind` (nav, badge, audience…). */
export type Tag = Node<KeysOf<OpenAPIV3.TagObject> | 'summary' | 'parent' | 'kind'>;
export type Components = Node<KeysOf<OpenAPIV3.ComponentsObject, OpenAPIV3_1.ComponentsObject>>;
export type PathItem = Node<
  KeysOf<OpenAPIV3.PathItemObject, OpenAPIV3_1.PathItemObject> | HttpMethod | 'additionalOperations'
>;
export type Operation = Node<KeysOf<OpenAPIV3.OperationObject, OpenAPIV3_1.OperationObject>>;
export type Parameter = Node<KeysOf<OpenAPIV3.ParameterObject>>;
export type Header = Node<KeysOf<OpenAPIV3.HeaderObject>>;
export type RequestBody = Node<KeysOf<OpenAPIV3.RequestBodyObject, OpenAPIV3_1.RequestBodyObject>>;
export type Response = Node<KeysOf<OpenAPIV3.ResponseObject, OpenAPIV3_1.ResponseObject>>;
/** OpenAPI 3.2 adds `itemSchema`: the schema of each item of a sequential (streamed) body. */
export type MediaType = Node<
  KeysOf<OpenAPIV3.MediaTypeObject, OpenAPIV3_1.MediaTypeObject> | 'itemSchema' | 'itemEncoding' | 'prefixEncoding'
>;
export type Example = Node<KeysOf<OpenAPIV3.ExampleObject>>;
export type SecurityScheme = Node<
  | KeysOf<OpenAPIV3.HttpSecurityScheme, OpenAPIV3.ApiKeySecurityScheme>
  | KeysOf<OpenAPIV3.OAuth2SecurityScheme, OpenAPIV3.OpenIdSecurityScheme>
>;

/**
 * A schema object. `openapi-types` has OpenAPI's own keywords (3.0's, and 3.1's `const`,
 * `examples`, `contentMediaType`); the JSON Schema 2020-12 keywords 3.1 allows and the rules read
 * are written out here, and `$ref`: a schema that is a reference is still a schema (listed by
 * `schemas`, and 3.1 allows keywords beside it).
 */
export type Schema = Node<
  | KeysOf<OpenAPIV3.BaseSchemaObject, OpenAPIV3_1.BaseSchemaObject>
  | 'type'
  | 'items'
  | '$ref'
  | '$defs'
  | 'definitions'
  | 'prefixItems'
  | 'patternProperties'
  | 'contains'
  | 'propertyNames'
  | 'if'
  | 'then'
  | 'else'
  | 'unevaluatedItems'
  | 'unevaluatedProperties'
  | 'contentEncoding'
>;

/** A reference object: `$ref` is known to be a string (see `isRef`). */
export type Reference = Node<KeysOf<OpenAPIV3_1.ReferenceObject>> & { $ref: string };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isRef(value: unknown): value is Reference {
  return isObject(value) && typeof value.$ref === 'string';
}

/** `Array.isArray` (the same function) narrowing to `unknown[]` rather than `any[]`: a list's members are not trusted either. */
export const isArray: (value: unknown) => value is unknown[] = Array.isArray;

/** The document's `components`, when it is an object. */
export function componentsOf(document: Document): Components | undefined {
  return isObject(document.components) ? document.components : undefined;
}

/** The document's `info`, when it is an object. */
export function infoOf(document: Document): Info | undefined {
  return isObject(document.info) ? document.info : undefined;
}

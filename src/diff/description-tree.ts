/**
 * The diff tree of two descriptions above their schemas, computed once: the document (info,
 * servers), webhooks, security schemes, paths, operations (every method, OpenAPI 3.2's `query` and
 * `additionalOperations` included), parameters (by location and name, path parameters by
 * position), request bodies, responses, headers, media types and security requirements. Each node
 * pairs the base's and the revision's side (a side is absent where the thing is); the checks of
 * checks/ are small functions over these nodes, and compare.ts walks the tree, asks them, and
 * compares the schemas each node holds (tree.ts is the schemas' own tree).
 */
import { resolve, type Resolved } from '../../rulesets/lib/openapi/resolve.js';
import {
  componentsOf,
  isArray,
  isObject,
  PATH_ITEM_METHODS,
  type Document,
  type JsonObject,
  type JsonPath,
  type Operation,
  type Parameter,
  type PathItem,
} from '../../rulesets/lib/openapi/types.js';
import type { SchemaScope } from './scope.js';
import { fingerprint, type Located } from './schema.js';
import { serverTexts } from './servers.js';

/** A path item of one side, keyed by its template (`/users/{}`) unless two of its paths share it. */
export interface PathSide {
  pathKey: string;
  item: PathItem;
  path: JsonPath;
}

export interface OperationSide {
  method: string;
  pathKey: string;
  operation: Operation;
  path: JsonPath;
  pathItem: PathItem;
  pathItemPath: JsonPath;
}

export interface ParameterSide {
  key: string;
  name: string;
  in: string;
  parameter: Parameter;
  path: JsonPath;
}

/** Where a schema sits on both sides, for the schema walk: the place's scope and how messages name it. */
export interface SchemaSlot {
  scope: SchemaScope;
  label: string;
  base: Located;
  revision: Located;
  /**
   * A query parameter became a form-exploded array (`?x=1&x=2`) of what it was (`added`), or the
   * reverse (`removed`): one value is sent as `?x=1` under both, so `base`/`revision` hold the
   * scalar schema and the array's `items`, and `arrayType` where the array's type is written.
   */
  repeated?: {
    change: 'added' | 'removed';
    arrayType: JsonPath;
    /** The array schema (after `$ref`s), whose own keywords (`minItems`, `maxItems`, …) bound the values sent. */
    array: Located;
    /** Where the scalar schema is. */
    scalar: JsonPath;
  };
}

export interface DescriptionDiff {
  base: Document;
  revision: Document;
  info: { base: JsonObject; revision: JsonObject };
  /** The servers of each side, in order, with their variables (serverTexts); `revisionDeclared` when the revision has `servers` at all. */
  servers: { base: string[]; revision: string[]; revisionDeclared: boolean };
  webhooks: WebhookDiff[];
  /** Security schemes of the same name on both sides. */
  securitySchemes: SecuritySchemeDiff[];
  paths: PathDiff[];
  /**
   * Where following a component's `$ref`s (a path item, a parameter, a request body, a response, a
   * header, a link, a callback, a security scheme) stopped at MAX_REF_HOPS, or at a cycle: what it
   * stands for is unknown, never absent (diff-ref-limit-reached reports each).
   */
  refLimits: RefLimit[];
}

/** A component `$ref` chain the comparison did not follow to its end, on one side. */
export interface RefLimit {
  side: 'base' | 'revision';
  /** Where the chain starts (the place that holds the first `$ref`). */
  path: JsonPath;
}

/** One webhook name (OpenAPI 3.1); the `webhooks` maps' places for a side without the webhook. */
export interface WebhookDiff {
  name: string;
  inBase: boolean;
  inRevision: boolean;
  baseWebhooksDeclared: boolean;
  revisionWebhooksDeclared: boolean;
  /** The webhook's path item on each side where it has one, resolved. */
  base?: Located;
  revision?: Located;
  /**
   * Both sides have the webhook and what it says differs: compared by fingerprint, through `$ref`s,
   * as an operation's callbacks are (a `$ref` moved or inlined, or a description edited, is no change).
   */
  changed: boolean;
}

export interface SecuritySchemeDiff {
  name: string;
  base: Located;
  revision: Located;
}

export interface PathDiff {
  key: string;
  base?: PathSide;
  revision?: PathSide;
  /** The base's operations (each paired with the revision's, if any), then the revision's new ones; none for a path only the revision has. */
  operations: OperationDiff[];
}

export interface OperationDiff {
  method: string;
  /** `GET /users/{id}`: as the revision writes the path, or the base for a removed operation. */
  text: string;
  operationId?: string;
  base?: OperationSide;
  revision?: OperationSide;
  /** The path item on each side (for an operation removed with its path, the revision has none). */
  basePathItem: PathSide | undefined;
  revisionPathItem: PathSide | undefined;
  parameters: ParameterDiff[];
  requestBody?: RequestBodyDiff;
  responses: ResponseDiff[];
  security?: SecurityDiff;
  /** The operation's callbacks (requests the API makes to the caller's URLs), by name. */
  callbacks: NamedDiff[];
}

/** Where an operation is on each side (the parent of parameters, bodies, responses). */
export interface OperationPlaces {
  base: JsonPath;
  revision: JsonPath;
}

export interface ParameterDiff {
  key: string;
  base?: ParameterSide;
  revision?: ParameterSide;
  /** A base parameter the revision has under another location but the same name. */
  movedTo?: ParameterSide;
  operation: OperationPlaces;
  schema?: SchemaSlot;
}

export interface RequestBodyDiff {
  base?: { value: JsonObject; path: JsonPath };
  revision?: { value: JsonObject; path: JsonPath };
  operation: OperationPlaces;
  content: MediaTypeDiff[];
}

export interface MediaTypeDiff {
  scope: 'request-body' | 'response-body';
  /** The holder as messages name it: `request body`, `response 200`. */
  label: string;
  /** The media type as the base writes it (the revision's for one added). */
  mediaType: string;
  /**
   * The media type as the revision writes it: the same meaning (`application/json; charset=utf-8`
   * is `application/json`), else the same type with other parameters (`parametersChanged`).
   */
  revisionMediaType?: string;
  inBase: boolean;
  inRevision: boolean;
  /** Both sides have the type, with parameters that mean something else (`charset`, `version`, `profile`). */
  parametersChanged?: boolean;
  /** The `content` maps, and the revision's request body or response (for a revision without `content`). */
  baseContentPath: JsonPath;
  revisionContentPath: JsonPath;
  revisionContentDeclared: boolean;
  revisionHolderPath: JsonPath;
  schema?: SchemaSlot;
  /** OpenAPI 3.2: the schema of each item of a streamed body (`text/event-stream`, JSON Lines). */
  itemSchema?: SchemaSlot;
  /** Both sides' `encoding` maps (how each part of a multipart or form body is written), for a pair. */
  encoding?: { base: unknown; revision: unknown };
}

export interface ResponseDiff {
  status: string;
  /** The response, resolved; for a pair, both sides are objects. */
  base?: Located;
  revision?: Located;
  operation: OperationPlaces;
  /** The revision's `responses` map, and whether the revision operation has one. */
  revisionResponsesPath: JsonPath;
  revisionResponsesDeclared: boolean;
  headers: HeaderDiff[];
  content: MediaTypeDiff[];
  links: NamedDiff[];
}

/**
 * A named entry of a map both sides may have (a response's `links`, an operation's `callbacks`),
 * resolved; a side absent where the entry is. `changed` when both have it and what it says differs
 * (compared by fingerprint, so a `$ref` moved or inlined is no change).
 */
export interface NamedDiff {
  name: string;
  base?: Located;
  revision?: Located;
  changed: boolean;
  /** The maps' places, and the holder's in the revision (for a revision without the map). */
  baseMapPath: JsonPath;
  revisionMapPath: JsonPath;
  revisionMapDeclared: boolean;
  revisionHolderPath: JsonPath;
}

export interface HeaderDiff {
  /** The header's name as the base writes it (the revision's for one added). */
  name: string;
  /** The name as the revision writes it (names compare without case). */
  revisionName?: string;
  /** The response's label (`response 200`). */
  label: string;
  base?: Located;
  revision?: Located;
  baseHeadersPath: JsonPath;
  revisionHeadersPath: JsonPath;
  revisionHeadersDeclared: boolean;
  revisionResponsePath: JsonPath;
  schema?: SchemaSlot;
}

/** A security requirement: scheme name → scopes. */
export type Requirement = Map<string, string[]>;

/**
 * An operation's security requirements on both sides (its own, or the document's), with the base's
 * scheme names as the revision calls them, paired: alternatives with the same schemes (`matched`),
 * a base alternative the revision ANDs more schemes into (`extended`), and the rest.
 */
export interface SecurityDiff {
  text: string;
  basePath: JsonPath;
  revisionPath: JsonPath;
  /** Anonymous access on a side: no requirement, or an empty one among them. */
  baseAnonymous: boolean;
  revisionAnonymous: boolean;
  revisionRequirements: Requirement[];
  matched: Array<{ base: Requirement; revision: Requirement }>;
  extended: Array<{ base: Requirement; revision: Requirement }>;
  removed: Requirement[];
  added: Requirement[];
}

/**
 * `/users/{userId}/x` → `/users/{}/x`: only the parameters' names are left out. A trailing slash
 * stays: `/users/1` and `/users/1/` are different URLs (RFC 3986), and many servers and gateways
 * answer only one of them, so moving a path to the other is the old path removed, not a rename.
 */
function templateKey(pathKey: string): string {
  let key = '';
  let at = 0;
  for (const template of templates(pathKey)) {
    key += `${pathKey.slice(at, template.start)}{}`;
    at = template.end;
  }
  return key + pathKey.slice(at);
}

function pathParameterNames(pathKey: string): string[] {
  return templates(pathKey).map((template) => pathKey.slice(template.start + 1, template.end - 1));
}

/**
 * Each `{…}` of a path, from a `{` to the next `}`: what `/\{[^}]*\}/g` matches, found by reading the
 * path once (the expression scanned to the end from every `{` of a path with no `}`).
 */
function templates(pathKey: string): Array<{ start: number; end: number }> {
  const found: Array<{ start: number; end: number }> = [];
  for (let start = pathKey.indexOf('{'); start >= 0; start = pathKey.indexOf('{', start)) {
    const close = pathKey.indexOf('}', start + 1);
    if (close < 0) break;
    found.push({ start, end: close + 1 });
    start = close + 1;
  }
  return found;
}

function pathItems(document: Document, follow: Follow): Map<string, PathSide> {
  const result = new Map<string, PathSide>();
  if (!isObject(document.paths)) return result;
  // Templates that two paths of the same document share (`/a/{x}` and `/a/{y}`) are keyed as written.
  const templates = new Map<string, number>();
  for (const pathKey of Object.keys(document.paths))
    templates.set(templateKey(pathKey), (templates.get(templateKey(pathKey)) ?? 0) + 1);
  for (const [pathKey, node] of Object.entries(document.paths)) {
    const resolved = follow(document, node, ['paths', pathKey]);
    const key = (templates.get(templateKey(pathKey)) ?? 0) > 1 ? pathKey : templateKey(pathKey);
    if (isObject(resolved.value)) result.set(key, { pathKey, item: resolved.value, path: resolved.path });
  }
  return result;
}

/** A path item's operations by method, OpenAPI 3.2's `additionalOperations` (any other method, e.g. `COPY`) included. */
function operationsOf(item: PathSide): Map<string, OperationSide> {
  const result = new Map<string, OperationSide>();
  const members: JsonObject = item.item;
  const side = (method: string, operation: Operation, path: JsonPath): OperationSide => ({
    method,
    pathKey: item.pathKey,
    operation,
    path,
    pathItem: item.item,
    pathItemPath: item.path,
  });
  for (const method of PATH_ITEM_METHODS) {
    const operation = members[method];
    if (isObject(operation)) result.set(method, side(method, operation, [...item.path, method]));
  }
  const additional = members.additionalOperations;
  if (isObject(additional)) {
    for (const [name, operation] of Object.entries(additional)) {
      // A method is case-sensitive (RFC 9110, 9.1), and 3.2 writes an additional one as it is sent:
      // `PURGE` → `purge` is another method, which a server answers 405 (attack o34r15 B11). A fixed
      // field's method written here (`GET`) is that field's operation.
      const method = FIXED_METHODS.has(name.toLowerCase()) ? name.toLowerCase() : name;
      if (isObject(operation) && !result.has(method))
        result.set(method, side(method, operation, [...item.path, 'additionalOperations', name]));
    }
  }
  return result;
}

const FIXED_METHODS: ReadonlySet<string> = new Set(PATH_ITEM_METHODS);

/** A method as messages show it: a fixed field's upper case (`GET`), an additional one as written (`PURGE`, `purge`). */
export function shownMethod(method: string): string {
  return FIXED_METHODS.has(method) ? method.toUpperCase() : method;
}

/** The methods of a path item, as messages show them (`GET, POST, PURGE`). */
export function methodsOf(item: PathSide): string[] {
  return [...operationsOf(item).keys()].map(shownMethod);
}

/** An operation's `tags`, when they are a list. */
export function tagsOf(operation: Operation): unknown[] {
  return isArray(operation.tags) ? operation.tags : [];
}

const DEFAULT_STYLE: Record<string, string> = { query: 'form', cookie: 'form', path: 'simple', header: 'simple' };
/**
 * How a parameter is written on the wire: its style (or its location's default), whether it
 * explodes, and for a query parameter whether reserved characters (`/?#[]@!$&'()*+,;=`) go
 * unencoded (`allowReserved`): `a&b=c` sent as is is another query than `a%26b%3Dc` (attack o34r15 B11);
 * or, for a parameter given by `content`, its media type.
 */
export function serialisation(parameter: Parameter): string {
  // A parameter given by `content` is written as that media type (`?q={"a":1}` for JSON): style
  // and explode do not apply, and moving between the two, or between media types, changes the wire
  // (attack o34r16 B6).
  if (isObject(parameter.content)) return Object.keys(parameter.content).sort().join(' or ') || 'no media type';
  const style = typeof parameter.style === 'string' ? parameter.style : (DEFAULT_STYLE[String(parameter.in)] ?? 'form');
  const explode = typeof parameter.explode === 'boolean' ? parameter.explode : style === 'form';
  const reserved = parameter.in === 'query' && parameter.allowReserved === true;
  return `${style}${explode ? ', explode' : ''}${reserved ? ', reserved characters unencoded' : ''}`;
}

/** An operation's `operationId`, when it is a string. */
function operationIdOf(operation: Operation): string | undefined {
  return typeof operation.operationId === 'string' ? operation.operationId : undefined;
}

/** Path-level and operation-level parameters, the operation's winning; path parameters keyed by position. */
function parametersOf(document: Document, entry: OperationSide, follow: Follow): Map<string, ParameterSide> {
  const result = new Map<string, ParameterSide>();
  const positions = pathParameterNames(entry.pathKey);
  const add = (list: unknown, at: JsonPath) => {
    if (!isArray(list)) return;
    list.forEach((node, index) => {
      const resolved = follow(document, node, [...at, 'parameters', index]);
      const parameter = resolved.value;
      if (!isObject(parameter) || typeof parameter.name !== 'string' || typeof parameter.in !== 'string') return;
      const name = parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name;
      const position = parameter.in === 'path' ? positions.indexOf(parameter.name) : -1;
      const key = parameter.in === 'path' && position >= 0 ? `path#${position}` : `${parameter.in}:${name}`;
      result.set(key, { key, name: parameter.name, in: parameter.in, parameter, path: resolved.path });
    });
  };
  add(entry.pathItem.parameters, entry.pathItemPath);
  add(entry.operation.parameters, entry.path);
  return result;
}

/**
 * The `items` of a query parameter sent as a form-exploded array (`?x=1&x=2`, OpenAPI's default for
 * a query array), where one value is sent exactly as a scalar parameter's (`?x=1`).
 */
function explodedItems(
  document: Document,
  side: ParameterSide,
): { items: Located; type: JsonPath; array: Located } | undefined {
  const { parameter } = side;
  if (parameter.in !== 'query' || (parameter.style ?? 'form') !== 'form' || parameter.explode === false)
    return undefined;
  const schema = resolve(document, parameter.schema, [...side.path, 'schema']);
  if (!isObject(schema.value) || schema.value.type !== 'array' || schema.value.items === undefined) return undefined;
  return {
    items: { value: schema.value.items, path: [...schema.path, 'items'] },
    type: [...schema.path, 'type'],
    array: { value: schema.value, path: schema.path },
  };
}

/**
 * A parameter's schema: its `schema`, or the schema of its one `content` media type (OpenAPI's
 * other way to describe a parameter), so that a change there is compared too.
 */
function parameterSchema(side: ParameterSide): Located {
  const { parameter } = side;
  if (parameter.schema === undefined && isObject(parameter.content)) {
    const [mediaType, media] = Object.entries(parameter.content)[0] ?? [];
    if (mediaType !== undefined && isObject(media))
      return { value: media.schema, path: [...side.path, 'content', mediaType, 'schema'] };
  }
  return { value: parameter.schema, path: [...side.path, 'schema'] };
}

/**
 * A header's schema: its `schema`, or the schema of its one `content` media type, as a parameter's
 * (a header moved from `schema: string` to `content` with an integer schema changed its type:
 * attack o34r16 B6).
 */
function headerSchema(header: JsonObject, path: JsonPath): Located {
  if (header.schema === undefined && isObject(header.content)) {
    const [mediaType, media] = Object.entries(header.content)[0] ?? [];
    if (mediaType !== undefined && isObject(media))
      return { value: media.schema, path: [...path, 'content', mediaType, 'schema'] };
  }
  return { value: header.schema, path: [...path, 'schema'] };
}

/** A parameter whose schema declares its types, none of them `array` or `object`. */
function isScalar(document: Document, side: ParameterSide): boolean {
  const schema = resolve(document, side.parameter.schema, [...side.path, 'schema']).value;
  if (!isObject(schema)) return false;
  const types = typeof schema.type === 'string' ? [schema.type] : isArray(schema.type) ? schema.type : [];
  return types.length > 0 && types.every((t) => t !== 'array' && t !== 'object');
}

/** A media type without its parameters, lower case: `application/json`. */
export function mediaTypeEssence(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * What a media type means, type and parameters (RFC 9110 §8.3.1): names and the type without case,
 * quoted values unquoted, a `charset` value without case, the parameters in order of name; and
 * `charset=utf-8` on a JSON type (`application/json`, `…+json`) left out, since JSON text is UTF-8
 * (RFC 8259 §8.1: the type defines no `charset`). So `application/json; charset=UTF-8` is
 * `application/json`, and `application/json; charset=utf-16` or `; version=2` is another meaning.
 */
export function mediaTypeMeaning(mediaType: string): string {
  const [type = '', ...rest] = mediaType.split(';');
  const essence = type.trim().toLowerCase();
  const json = essence === 'application/json' || essence.endsWith('+json');
  const parameters = rest
    .map((parameter) => {
      const at = parameter.indexOf('=');
      const name = (at < 0 ? parameter : parameter.slice(0, at)).trim().toLowerCase();
      let value = at < 0 ? '' : parameter.slice(at + 1).trim();
      if (value.length >= 2 && value.startsWith('"') && value.endsWith('"'))
        value = value.slice(1, -1).replace(/\\(.)/g, '$1');
      if (name === 'charset') value = value.toLowerCase();
      return { name, value };
    })
    .filter(({ name, value }) => name !== '' && !(json && name === 'charset' && value === 'utf-8'))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .map(({ name, value }) => `${name}=${JSON.stringify(value)}`);
  return [essence, ...parameters].join(';');
}

function requirements(list: unknown): Requirement[] | undefined {
  if (!isArray(list)) return undefined;
  return list
    .filter(isObject)
    .map(
      (req) => new Map(Object.entries(req).map(([name, scopes]) => [name, isArray(scopes) ? scopes.map(String) : []])),
    );
}

/** Builds the tree of two descriptions. */
export function diffDescriptionTree(base: Document, revision: Document): DescriptionDiff {
  return new TreeBuilder(base, revision).build();
}

/** Follows a component's `$ref`s (resolve.ts `resolve`), noting where a chain stopped at the bound. */
type Follow = (document: Document, node: unknown, path: JsonPath) => Resolved;

class TreeBuilder {
  /** Base security scheme name → the revision's name for the same scheme (renamed components). */
  private readonly schemeNames = new Map<string, string>();
  private readonly refLimits: RefLimit[] = [];
  /** Each chain start once per side (a path-level parameter is read for every operation). */
  private readonly limitSeen = new Set<string>();

  /**
   * `resolve`, iterative and bounded by MAX_REF_HOPS; a chain longer than that (or a cycle) is a
   * limit reported where it starts, never a component that is not there ("0 changes").
   */
  private readonly follow: Follow = (document, node, path) => {
    const resolved = resolve(document, node, path);
    if (resolved.limitReached) {
      const side = document === this.base ? 'base' : 'revision';
      const key = `${side} ${JSON.stringify(path)}`;
      if (!this.limitSeen.has(key)) {
        this.limitSeen.add(key);
        this.refLimits.push({ side, path });
      }
    }
    return resolved;
  };

  constructor(
    private readonly base: Document,
    private readonly revision: Document,
  ) {}

  build(): DescriptionDiff {
    // With each variable's default and values: a default that names another host is another address.
    const urls = (document: Document) => serverTexts(document.servers) ?? [];
    const securitySchemes = this.securitySchemes();
    const basePaths = pathItems(this.base, this.follow);
    const revisionPaths = pathItems(this.revision, this.follow);
    const paths: PathDiff[] = [];
    for (const [key, baseItem] of basePaths) {
      const revisionItem = revisionPaths.get(key);
      paths.push({
        key,
        base: baseItem,
        ...(revisionItem ? { revision: revisionItem } : {}),
        operations: this.operations(baseItem, revisionItem),
      });
    }
    for (const [key, revisionItem] of revisionPaths)
      if (!basePaths.has(key)) paths.push({ key, revision: revisionItem, operations: [] });
    return {
      base: this.base,
      revision: this.revision,
      info: {
        base: isObject(this.base.info) ? this.base.info : {},
        revision: isObject(this.revision.info) ? this.revision.info : {},
      },
      servers: {
        base: urls(this.base),
        revision: urls(this.revision),
        revisionDeclared: this.revision.servers !== undefined,
      },
      webhooks: this.webhooks(),
      securitySchemes,
      paths,
      refLimits: this.refLimits,
    };
  }

  private webhooks(): WebhookDiff[] {
    const baseHooks: JsonObject = isObject(this.base.webhooks) ? this.base.webhooks : {};
    const revisionHooks: JsonObject = isObject(this.revision.webhooks) ? this.revision.webhooks : {};
    const node = (name: string): WebhookDiff => {
      const inBase = baseHooks[name] !== undefined;
      const inRevision = revisionHooks[name] !== undefined;
      const base = inBase ? this.follow(this.base, baseHooks[name], ['webhooks', name]) : undefined;
      const revision = inRevision ? this.follow(this.revision, revisionHooks[name], ['webhooks', name]) : undefined;
      return {
        name,
        inBase,
        inRevision,
        baseWebhooksDeclared: this.base.webhooks !== undefined,
        revisionWebhooksDeclared: this.revision.webhooks !== undefined,
        ...(base ? { base: { value: base.value, path: base.path } } : {}),
        ...(revision ? { revision: { value: revision.value, path: revision.path } } : {}),
        changed:
          inBase &&
          inRevision &&
          fingerprint(this.base, baseHooks[name]) !== fingerprint(this.revision, revisionHooks[name]),
      };
    };
    return [
      ...Object.keys(baseHooks).map(node),
      ...Object.keys(revisionHooks)
        .filter((name) => baseHooks[name] === undefined)
        .map(node),
    ];
  }

  /** Schemes of the same name are paired; a scheme renamed but defined the same way is remembered for requirements. */
  private securitySchemes(): SecuritySchemeDiff[] {
    const baseNode = componentsOf(this.base)?.securitySchemes;
    const revisionNode = componentsOf(this.revision)?.securitySchemes;
    const baseSchemes: JsonObject = isObject(baseNode) ? baseNode : {};
    const revisionSchemes: JsonObject = isObject(revisionNode) ? revisionNode : {};
    const pairs: SecuritySchemeDiff[] = [];
    for (const [name, node] of Object.entries(baseSchemes)) {
      if (revisionSchemes[name] !== undefined) {
        this.schemeNames.set(name, name);
        const base = this.follow(this.base, node, ['components', 'securitySchemes', name]);
        const revision = this.follow(this.revision, revisionSchemes[name], ['components', 'securitySchemes', name]);
        if (isObject(base.value) && isObject(revision.value)) pairs.push({ name, base, revision });
        continue;
      }
      const print = fingerprint(this.base, node);
      const renamed = Object.keys(revisionSchemes).find(
        (other) => baseSchemes[other] === undefined && fingerprint(this.revision, revisionSchemes[other]) === print,
      );
      if (renamed) this.schemeNames.set(name, renamed);
    }
    return pairs;
  }

  private operations(baseItem: PathSide, revisionItem: PathSide | undefined): OperationDiff[] {
    const baseOperations = operationsOf(baseItem);
    const revisionOperations = revisionItem ? operationsOf(revisionItem) : new Map<string, OperationSide>();
    const result: OperationDiff[] = [];
    for (const [method, base] of baseOperations)
      result.push(this.operation(method, base, revisionOperations.get(method), baseItem, revisionItem));
    for (const [method, revision] of revisionOperations)
      if (!baseOperations.has(method)) result.push(this.operation(method, undefined, revision, baseItem, revisionItem));
    return result;
  }

  private operation(
    method: string,
    base: OperationSide | undefined,
    revision: OperationSide | undefined,
    baseItem: PathSide,
    revisionItem: PathSide | undefined,
  ): OperationDiff {
    const named = revision ?? base;
    const operationId = named ? operationIdOf(named.operation) : undefined;
    const node: OperationDiff = {
      method,
      text: `${shownMethod(method)} ${named?.pathKey ?? baseItem.pathKey}`,
      ...(operationId ? { operationId } : {}),
      ...(base ? { base } : {}),
      ...(revision ? { revision } : {}),
      basePathItem: baseItem,
      revisionPathItem: revisionItem,
      parameters: [],
      responses: [],
      callbacks: [],
    };
    if (base && revision) {
      const places = { base: base.path, revision: revision.path };
      node.parameters = this.parameters(base, revision, places);
      const requestBody = this.requestBody(base, revision, places);
      if (requestBody) node.requestBody = requestBody;
      node.responses = this.responses(base, revision, places);
      node.security = this.security(base, revision, node.text);
      node.callbacks = this.named(
        base.operation.callbacks,
        [...base.path, 'callbacks'],
        revision.operation.callbacks,
        [...revision.path, 'callbacks'],
        revision.path,
      );
    }
    return node;
  }

  private parameters(b: OperationSide, r: OperationSide, operation: OperationPlaces): ParameterDiff[] {
    const baseParameters = parametersOf(this.base, b, this.follow);
    const revisionParameters = parametersOf(this.revision, r, this.follow);
    const moved = new Set<string>();
    const result: ParameterDiff[] = [];
    for (const [key, bp] of baseParameters) {
      let rp = revisionParameters.get(key);
      if (!rp) {
        // Path parameters are keyed by their place in the template, so one declared outside the
        // template (which OpenAPI forbids, but descriptions do) on one side only gets another key:
        // the same name in the same location is the same parameter, compared, not moved. A name
        // that differs only in case in the same location is another parameter (removed and added).
        const elsewhere = [...revisionParameters.values()].find(
          (other) =>
            !baseParameters.has(other.key) &&
            (other.in === bp.in ? other.name === bp.name : other.name.toLowerCase() === bp.name.toLowerCase()),
        );
        if (elsewhere) moved.add(elsewhere.key);
        if (elsewhere?.in === bp.in) rp = elsewhere;
        else {
          result.push({ key, base: bp, ...(elsewhere ? { movedTo: elsewhere } : {}), operation });
          continue;
        }
      }
      const schema: SchemaSlot = {
        scope: 'request-parameter',
        label: `${rp.in} parameter ${rp.name}`,
        base: parameterSchema(bp),
        revision: parameterSchema(rp),
      };
      const baseItems = explodedItems(this.base, bp);
      const revisionItems = explodedItems(this.revision, rp);
      if (revisionItems && !baseItems && isScalar(this.base, bp))
        Object.assign(schema, {
          revision: revisionItems.items,
          repeated: {
            change: 'added',
            arrayType: revisionItems.type,
            array: revisionItems.array,
            scalar: schema.base.path,
          },
        });
      else if (baseItems && !revisionItems && isScalar(this.revision, rp))
        Object.assign(schema, {
          base: baseItems.items,
          repeated: {
            change: 'removed',
            arrayType: baseItems.type,
            array: baseItems.array,
            scalar: schema.revision.path,
          },
        });
      result.push({ key, base: bp, revision: rp, operation, schema });
    }
    for (const [key, rp] of revisionParameters)
      if (!baseParameters.has(key) && !moved.has(key)) result.push({ key, revision: rp, operation });
    return result;
  }

  private requestBody(b: OperationSide, r: OperationSide, operation: OperationPlaces): RequestBodyDiff | undefined {
    const bb = this.follow(this.base, b.operation.requestBody, [...b.path, 'requestBody']);
    const rb = this.follow(this.revision, r.operation.requestBody, [...r.path, 'requestBody']);
    const baseBody = isObject(bb.value) ? { value: bb.value, path: bb.path } : undefined;
    const revisionBody = isObject(rb.value) ? { value: rb.value, path: rb.path } : undefined;
    if (!baseBody && !revisionBody) return undefined;
    return {
      ...(baseBody ? { base: baseBody } : {}),
      ...(revisionBody ? { revision: revisionBody } : {}),
      operation,
      content:
        baseBody && revisionBody
          ? this.content(
              'request-body',
              'request body',
              baseBody.value.content,
              [...baseBody.path, 'content'],
              revisionBody.value.content,
              [...revisionBody.path, 'content'],
              revisionBody.path,
            )
          : [],
    };
  }

  private content(
    scope: MediaTypeDiff['scope'],
    label: string,
    baseContent: unknown,
    baseContentPath: JsonPath,
    revisionContent: unknown,
    revisionContentPath: JsonPath,
    revisionHolderPath: JsonPath,
  ): MediaTypeDiff[] {
    const bc: JsonObject = isObject(baseContent) ? baseContent : {};
    const rc: JsonObject = isObject(revisionContent) ? revisionContent : {};
    const member = (media: unknown, name: 'schema' | 'itemSchema' | 'encoding') =>
      isObject(media) ? media[name] : undefined;
    // Paired by full meaning (type and parameters) first, then by type alone: a base media type
    // whose parameters the revision changed (`; charset=utf-16`, `; version=2`) is paired with it,
    // compared inside, and the parameters' change is a change of its own.
    const matches = new Map<string, string>();
    const paired = new Set<string>();
    for (const same of [mediaTypeMeaning, mediaTypeEssence])
      for (const mediaType of Object.keys(bc)) {
        if (matches.has(mediaType)) continue;
        const match = Object.keys(rc).find((other) => !paired.has(other) && same(other) === same(mediaType));
        if (match === undefined) continue;
        matches.set(mediaType, match);
        paired.add(match);
      }
    const places = {
      scope,
      label,
      baseContentPath,
      revisionContentPath,
      revisionContentDeclared: isObject(revisionContent),
      revisionHolderPath,
    };
    const result: MediaTypeDiff[] = [];
    for (const mediaType of Object.keys(bc)) {
      const match = matches.get(mediaType);
      if (match === undefined) {
        result.push({ ...places, mediaType, inBase: true, inRevision: false });
        continue;
      }
      const node: MediaTypeDiff = {
        ...places,
        mediaType,
        revisionMediaType: match,
        inBase: true,
        inRevision: true,
        parametersChanged: mediaTypeMeaning(mediaType) !== mediaTypeMeaning(match),
        encoding: { base: member(bc[mediaType], 'encoding'), revision: member(rc[match], 'encoding') },
        schema: {
          scope,
          label: `${label} (${match})`,
          base: { value: member(bc[mediaType], 'schema'), path: [...baseContentPath, mediaType, 'schema'] },
          revision: { value: member(rc[match], 'schema'), path: [...revisionContentPath, match, 'schema'] },
        },
      };
      const bItems = member(bc[mediaType], 'itemSchema');
      const rItems = member(rc[match], 'itemSchema');
      if (bItems !== undefined || rItems !== undefined)
        node.itemSchema = {
          scope,
          label: `${label} (${match} items)`,
          base: {
            value: bItems ?? {},
            path: [...baseContentPath, mediaType, ...(bItems !== undefined ? ['itemSchema'] : [])],
          },
          revision: {
            value: rItems ?? {},
            path: [...revisionContentPath, match, ...(rItems !== undefined ? ['itemSchema'] : [])],
          },
        };
      result.push(node);
    }
    for (const mediaType of Object.keys(rc))
      if (!paired.has(mediaType))
        result.push({ ...places, mediaType, revisionMediaType: mediaType, inBase: false, inRevision: true });
    return result;
  }

  private responses(b: OperationSide, r: OperationSide, operation: OperationPlaces): ResponseDiff[] {
    const br: JsonObject = isObject(b.operation.responses) ? b.operation.responses : {};
    const rr: JsonObject = isObject(r.operation.responses) ? r.operation.responses : {};
    const places = {
      operation,
      revisionResponsesPath: [...r.path, 'responses'],
      revisionResponsesDeclared: r.operation.responses !== undefined,
    };
    const result: ResponseDiff[] = [];
    for (const status of Object.keys(br)) {
      const base = this.follow(this.base, br[status], [...b.path, 'responses', status]);
      if (rr[status] === undefined) {
        result.push({ ...places, status, base, headers: [], content: [], links: [] });
        continue;
      }
      const revision = this.follow(this.revision, rr[status], [...places.revisionResponsesPath, status]);
      const bv = base.value;
      const rv = revision.value;
      if (!isObject(bv) || !isObject(rv)) continue;
      const label = `response ${status}`;
      result.push({
        ...places,
        status,
        base,
        revision,
        headers: this.headers(
          label,
          bv.headers,
          [...base.path, 'headers'],
          rv.headers,
          [...revision.path, 'headers'],
          revision.path,
        ),
        content: this.content(
          'response-body',
          label,
          bv.content,
          [...base.path, 'content'],
          rv.content,
          [...revision.path, 'content'],
          revision.path,
        ),
        links: this.named(bv.links, [...base.path, 'links'], rv.links, [...revision.path, 'links'], revision.path),
      });
    }
    for (const status of Object.keys(rr))
      if (br[status] === undefined)
        result.push({
          ...places,
          status,
          revision: { value: rr[status], path: [...places.revisionResponsesPath, status] },
          headers: [],
          content: [],
          links: [],
        });
    return result;
  }

  private headers(
    label: string,
    baseHeaders: unknown,
    baseHeadersPath: JsonPath,
    revisionHeaders: unknown,
    revisionHeadersPath: JsonPath,
    revisionResponsePath: JsonPath,
  ): HeaderDiff[] {
    const bh: JsonObject = isObject(baseHeaders) ? baseHeaders : {};
    const rh: JsonObject = isObject(revisionHeaders) ? revisionHeaders : {};
    const revisionByName = new Map(Object.keys(rh).map((name) => [name.toLowerCase(), name]));
    const baseNames = new Set(Object.keys(bh).map((name) => name.toLowerCase()));
    const places = {
      label,
      baseHeadersPath,
      revisionHeadersPath,
      revisionHeadersDeclared: isObject(revisionHeaders),
      revisionResponsePath,
    };
    const result: HeaderDiff[] = [];
    for (const name of Object.keys(bh)) {
      const base = this.follow(this.base, bh[name], [...baseHeadersPath, name]);
      const match = revisionByName.get(name.toLowerCase());
      if (match === undefined) {
        result.push({ ...places, name, base });
        continue;
      }
      const revision = this.follow(this.revision, rh[match], [...revisionHeadersPath, match]);
      if (!isObject(base.value) || !isObject(revision.value)) continue;
      result.push({
        ...places,
        name,
        revisionName: match,
        base,
        revision,
        schema: {
          scope: 'response-header',
          label: `header ${match} of the ${label}`,
          base: headerSchema(base.value, base.path),
          revision: headerSchema(revision.value, revision.path),
        },
      });
    }
    for (const name of Object.keys(rh))
      if (!baseNames.has(name.toLowerCase()))
        result.push({
          ...places,
          name,
          revisionName: name,
          revision: { value: rh[name], path: [...revisionHeadersPath, name] },
        });
    return result;
  }

  /** The entries of a map of named objects on both sides: the base's (paired or removed), then the revision's new ones. */
  private named(
    baseMap: unknown,
    baseMapPath: JsonPath,
    revisionMap: unknown,
    revisionMapPath: JsonPath,
    revisionHolderPath: JsonPath,
  ): NamedDiff[] {
    const bm: JsonObject = isObject(baseMap) ? baseMap : {};
    const rm: JsonObject = isObject(revisionMap) ? revisionMap : {};
    const places = { baseMapPath, revisionMapPath, revisionMapDeclared: isObject(revisionMap), revisionHolderPath };
    const result: NamedDiff[] = [];
    for (const [name, node] of Object.entries(bm)) {
      const base = this.follow(this.base, node, [...baseMapPath, name]);
      if (rm[name] === undefined) {
        result.push({ ...places, name, base, changed: false });
        continue;
      }
      const revision = this.follow(this.revision, rm[name], [...revisionMapPath, name]);
      const changed = fingerprint(this.base, node) !== fingerprint(this.revision, rm[name]);
      result.push({ ...places, name, base, revision, changed });
    }
    for (const [name, node] of Object.entries(rm))
      if (bm[name] === undefined)
        result.push({ ...places, name, revision: { value: node, path: [...revisionMapPath, name] }, changed: false });
    return result;
  }

  private security(b: OperationSide, r: OperationSide, text: string): SecurityDiff {
    const baseOwn = requirements(b.operation.security);
    const revisionOwn = requirements(r.operation.security);
    const baseReqs = baseOwn ?? requirements(this.base.security) ?? [];
    const revisionReqs = revisionOwn ?? requirements(this.revision.security) ?? [];
    const anonymous = (reqs: Requirement[]) => reqs.length === 0 || reqs.some((req) => req.size === 0);
    const node: SecurityDiff = {
      text,
      basePath: baseOwn ? [...b.path, 'security'] : ['security'],
      revisionPath: revisionOwn
        ? [...r.path, 'security']
        : this.revision.security !== undefined
          ? ['security']
          : r.path,
      baseAnonymous: anonymous(baseReqs),
      revisionAnonymous: anonymous(revisionReqs),
      revisionRequirements: revisionReqs,
      matched: [],
      extended: [],
      removed: [],
      added: [],
    };
    if (node.baseAnonymous || node.revisionAnonymous) return node;
    // Base requirements with scheme names as the revision calls them.
    const renamed = baseReqs.map(
      (req) => new Map([...req].map(([name, scopes]) => [this.schemeNames.get(name) ?? name, scopes])),
    );
    const setKey = (req: Requirement) => [...req.keys()].sort().join('+');
    const unmatchedRevision = new Set(revisionReqs.map((_, index) => index));
    const unmatchedBase: Requirement[] = [];
    for (const req of renamed) {
      const index = revisionReqs.findIndex((other, i) => unmatchedRevision.has(i) && setKey(other) === setKey(req));
      const other = revisionReqs[index];
      if (index < 0 || !other) {
        unmatchedBase.push(req);
        continue;
      }
      unmatchedRevision.delete(index);
      node.matched.push({ base: req, revision: other });
    }
    const remaining = [...unmatchedRevision].flatMap((index) => revisionReqs[index] ?? []);
    for (const req of unmatchedBase) {
      // The same alternative with more schemes ANDed in: those schemes are now required.
      const superset = remaining.findIndex((other) => [...req.keys()].every((name) => other.has(name)));
      const other = superset >= 0 ? remaining.splice(superset, 1)[0] : undefined;
      if (other) node.extended.push({ base: req, revision: other });
      else node.removed.push(req);
    }
    node.added = remaining;
    return node;
  }
}

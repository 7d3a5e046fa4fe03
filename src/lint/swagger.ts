/**
 * Swagger 2.0 descriptions: converted in memory to OpenAPI 3.0 (swagger2openapi), the platform
 * rules run on the converted document, and every finding is reported where its cause is written
 * in the original: the file, line and pointer the author knows, and a message that names the
 * original's places (`definitions/X`, not `#/components/schemas/X`). `platform-openapi-3` keeps
 * its one error on the original (`swagger: "2.0"`, convert it); the other rules no longer hide
 * behind it.
 *
 * Where a converted node came from (swagger2openapi keeps no source map):
 *
 * 1. **Travelling tags** (the general method). Before converting, every object of a copy of the
 *    original gets one extension key, `x-vottur-source`, holding its own JSON pointer. The
 *    converter copies objects whole (`clone`), moves them (`definitions` → `components/schemas`)
 *    and copies a parameter's `x-` keys onto what it makes of it (the `requestBody` of a body
 *    parameter, the property schema of a formData parameter), so the tag travels with whatever
 *    became of each object: a response schema copied under every `produces` media type carries
 *    the response schema's pointer, `components/schemas/X` carries `/definitions/X`. The rules
 *    never see the tags: they read a second conversion of an untagged copy, and the origin of a
 *    node is read from the tagged conversion at the same path (the two have the same shape; where
 *    they ever differ, the closest tagged ancestor answers).
 * 2. **Following keys.** A node without a tag (a string, a number, an array, an object the
 *    converter built) is its parent's origin plus the same key when the original has that key
 *    there (`parameters/0/schema/type` → `parameters/0/type`, `$ref` → `$ref`).
 * 3. **Synthesised nodes**, mapped explicitly to the original node that caused them (`synthesised`
 *    below): `openapi` → `swagger`; `servers` → `host` (else `basePath`, `schemes`); an
 *    operation's `servers` → its `schemes`; a formData `requestBody` → its first formData
 *    parameter; a `content` map → `consumes`/`produces` (the operation's, else the document's),
 *    a media-type key → that entry of `consumes`/`produces` (else the parameter or the response
 *    `schema` it was made for, when the type is the converter's default); a response example
 *    under `content/<type>/examples` → the response's `examples/<type>`; a parameter's or
 *    header's `schema` → the parameter or header itself (its `type`, `format`, `enum`... then
 *    follow by key), `style`/`explode` → `collectionFormat`, `example` → `x-example`; an OAuth
 *    `flows` object → the scheme's `flow` (its `authorizationUrl`, `tokenUrl`, `scopes` then
 *    follow by key); an HTTP scheme's `scheme` → `type: basic`.
 * 4. Anything else is reported at the closest original node above it.
 *
 * What the converter patches is undone, so the rules judge what the author wrote: a missing
 * `info`, `info.title`, `info.version` or `paths` stays missing (not `''`), a numeric
 * `info.version` stays a number, an operation without `responses` gets no `default` response, a
 * response without a `description` gets no empty one, a path parameter without `required: true`
 * stays so, a parameter without `type` is not made a string. The converter's own notes
 * (`x-s2o-*` keys) are removed. `$ref` siblings are kept as written (`refSiblings: preserve`),
 * and identical request bodies are not merged into a shared `components/requestBodies` entry
 * (`resolveInternal`), so each operation keeps its own.
 */
import { createRequire } from 'node:module';
import { decodePointer, encodePointer } from '../../rulesets/lib/openapi/pointer.js';
import { HTTP_METHODS, isObject } from '../../rulesets/lib/openapi/types.js';
import { printPath, type JsonPath, type OpenApiDocument, type RuleDefinition } from '../../rulesets/lib/rule.js';
import { runRules, type RuleResult, type RunSettings } from './engine.js';
import { MAX_NESTING } from './json.js';

/** The key that carries an object's original pointer through the conversion. */
const TAG = 'x-vottur-source';

interface Swagger2OpenApi {
  convertObj(swagger: unknown, options: Record<string, unknown>): Promise<unknown>;
}

let converter: Swagger2OpenApi | undefined;
/** Required only for a Swagger 2.0 document (about 25 ms, with its dependencies). */
const swagger2openapi = (): Swagger2OpenApi =>
  (converter ??= createRequire(import.meta.url)('swagger2openapi') as Swagger2OpenApi);

/** Whether the document is Swagger 2.0 (and not also an OpenAPI 3 document, which the rules read as it is). */
export function isSwagger2(data: unknown): boolean {
  if (!isObject(data) || Object.prototype.hasOwnProperty.call(data, 'openapi')) return false;
  return data.swagger === '2.0' || data.swagger === 2;
}

/** A Swagger 2.0 document converted, and the way back from its nodes to the original's. */
export interface ConvertedSwagger {
  /** The OpenAPI 3.0 document the rules read. */
  data: OpenApiDocument;
  /** The original node a node of the converted document came from (`exact`: that very node, not the closest one). */
  originOf(path: JsonPath, media?: MediaConcern): { path: JsonPath; exact: boolean };
  /** A message about the converted document, its places named as the original names them. */
  restate(message: string): string;
}

const has = (node: unknown, key: string | number): boolean =>
  Array.isArray(node)
    ? typeof key === 'number' || /^\d+$/.test(key)
      ? Number(key) < node.length
      : false
    : isObject(node) && Object.prototype.hasOwnProperty.call(node, key);

const child = (node: unknown, key: string | number): unknown =>
  has(node, key) ? (node as Record<string, unknown>)[key as string] : undefined;

function valueAt(data: unknown, path: JsonPath): { found: boolean; value: unknown } {
  let node = data;
  for (const segment of path) {
    if (!has(node, segment)) return { found: false, value: undefined };
    node = child(node, segment);
  }
  return { found: true, value: node };
}

/**
 * A `__proto__` key stands in under this name while the converter works: its copies assign keys,
 * which would make a `__proto__` key the object's prototype (docs/security.md, "Keys are data").
 */
const PROTO_STANDIN = '__vottur_proto_key__';

/** A copy of JSON data (own keys only, `__proto__` under its stand-in name); with `tag`, every object also gets its pointer. */
function copy(node: unknown, path: JsonPath, tag: boolean): unknown {
  if (Array.isArray(node)) return node.map((item, index) => copy(item, [...path, index], tag));
  if (!isObject(node)) return node;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(node)) {
    if (key === TAG || key === PROTO_STANDIN) continue;
    out[key === '__proto__' ? PROTO_STANDIN : key] = copy(node[key], [...path, key], tag);
  }
  if (tag) out[TAG] = encodePointer(path);
  return out;
}

/**
 * How deep the walks over a converted document go: the source nests at most MAX_NESTING levels
 * (deeper is refused when read) and the conversion adds a few (a body parameter becomes
 * `requestBody/content/<type>/schema`), so only a document already refused reaches this bound.
 */
const MAX_CONVERTED_DEPTH = MAX_NESTING + 16;

/** Puts every `__proto__` key back, as data, in its place among the object's keys. */
function restoreProtoKeys(node: unknown, depth = 0): void {
  if (depth > MAX_CONVERTED_DEPTH || typeof node !== 'object' || node === null) return;
  if (Array.isArray(node)) {
    for (const item of node) restoreProtoKeys(item, depth + 1);
    return;
  }
  const record = node as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.includes(PROTO_STANDIN)) {
    const entries = keys.map((key) => [key === PROTO_STANDIN ? '__proto__' : key, record[key]] as const);
    for (const key of keys) delete record[key];
    for (const [key, value] of entries)
      Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
  }
  for (const key of Object.keys(record)) restoreProtoKeys(record[key], depth + 1);
}

const CONVERT_OPTIONS = {
  patch: true, // fix what can be fixed rather than refuse (the patches are undone below)
  warnOnly: true, // note a problem on the node (`x-s2o-warning`, removed below) rather than refuse
  direct: true, // the converted document itself
  refSiblings: 'preserve', // keep what the author wrote beside a `$ref`
  resolveInternal: true, // no shared `components/requestBodies` made of identical bodies
  anchors: true, // shared objects are copied, not refused
  text: '-', // the converter would otherwise serialise the whole document to YAML for nothing
};

async function convert(document: unknown): Promise<Record<string, unknown>> {
  const converted = await swagger2openapi().convertObj(document, { ...CONVERT_OPTIONS });
  if (!isObject(converted)) throw new Error('the converter returned no document');
  return converted;
}

/** Removes the converter's notes (`x-s2o-*`) everywhere. */
function removeNotes(node: unknown, depth = 0): void {
  if (depth > MAX_CONVERTED_DEPTH || typeof node !== 'object' || node === null) return;
  if (Array.isArray(node)) {
    for (const item of node) removeNotes(item, depth + 1);
    return;
  }
  for (const key of Object.keys(node)) {
    if (key.startsWith('x-s2o-')) delete (node as Record<string, unknown>)[key];
    else removeNotes((node as Record<string, unknown>)[key], depth + 1);
  }
}

const isMethod = (key: unknown): boolean => (HTTP_METHODS as readonly unknown[]).includes(key);

/** The converter's patches, undone where the original says otherwise (see the module comment). */
function undoPatches(
  data: Record<string, unknown>,
  tagged: Record<string, unknown>,
  original: Record<string, unknown>,
): void {
  if (!has(original, 'info')) delete data.info;
  else if (isObject(original.info) && isObject(data.info)) {
    for (const key of ['title', 'version']) {
      if (!has(original.info, key)) delete data.info[key];
      else data.info[key] = original.info[key];
    }
  }
  if (!has(original, 'paths')) delete data.paths;
  // Every converted object that carries a tag, with the original object it came from.
  const visit = (node: unknown, shadow: unknown, depth: number): void => {
    if (depth > MAX_CONVERTED_DEPTH || typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, child(shadow, index), depth + 1));
      return;
    }
    const tag = isObject(shadow) && typeof shadow[TAG] === 'string' ? decodePointer(shadow[TAG]) : undefined;
    const source = tag ? valueAt(original, tag) : undefined;
    if (tag && source?.found && isObject(source.value)) undoOn(node as Record<string, unknown>, tag, source.value);
    for (const key of Object.keys(node)) visit((node as Record<string, unknown>)[key], child(shadow, key), depth + 1);
  };
  visit(data, tagged, 0);
}

function undoOn(node: Record<string, unknown>, origin: JsonPath, source: Record<string, unknown>): void {
  const last = origin[origin.length - 1];
  const parentKey = origin[origin.length - 2];
  // An operation (`paths/<path>/<method>`) the author gave no responses.
  if (
    origin.length === 3 &&
    (origin[0] === 'paths' || origin[0] === 'x-ms-paths') &&
    isMethod(last) &&
    !has(source, 'responses')
  )
    delete node.responses;
  // A response (`…/responses/<code>` or `responses/<name>`) the author gave no description.
  if (parentKey === 'responses' && !has(source, '$ref') && !has(source, 'description')) delete node.description;
  // A parameter: `required` and `type` as written.
  if (parentKey === 'parameters' && typeof source.in === 'string' && source.in !== 'body' && source.in !== 'formData') {
    if (!has(source, 'required')) delete node.required;
    else node.required = source.required;
    if (!has(source, 'type') && !has(source, 'schema') && isObject(node.schema)) delete node.schema.type;
  }
}

/**
 * A finding at a media-type key is about the type's name (`consumes`/`produces` say it in Swagger
 * 2.0) or about the body sent under it (the body parameter, the response). The rules whose
 * findings there are about the name; every other rule's are about the body.
 */
const MEDIA_NAME_RULES = new Set(['platform-content-type', 'platform-charset-utf8', 'platform-problem-content-type']);
export type MediaConcern = 'name' | 'body';
export const mediaConcernOf = (ruleId: string): MediaConcern => (MEDIA_NAME_RULES.has(ruleId) ? 'name' : 'body');

const PROBLEM_TYPE = /^application\/problem\+(json|xml)\b/i;

/**
 * Swagger 2.0 gives every response of an operation the same media types (`produces`), so a
 * description whose errors are Problem Details lists `application/problem+json` beside
 * `application/json`: the first for its errors, the second for the rest. The converter gives every
 * response both; here an error response (4xx, 5xx, `default`) keeps only the Problem Details types
 * and any other response only the others, as the author meant them.
 */
function separateProblemTypes(data: Record<string, unknown>): void {
  const responses: Array<[string, unknown]> = [];
  for (const root of ['paths', 'x-ms-paths']) {
    const paths = data[root];
    if (!isObject(paths)) continue;
    for (const item of Object.values(paths)) {
      if (!isObject(item)) continue;
      for (const method of Object.keys(item).filter(isMethod)) {
        const op = item[method];
        if (isObject(op) && isObject(op.responses)) responses.push(...Object.entries(op.responses));
      }
    }
  }
  const components = isObject(data.components) && isObject(data.components.responses) ? data.components.responses : {};
  for (const [name, response] of Object.entries(components)) {
    // A response component is an error answer when every operation uses it under an error status; named so, it is judged as one.
    responses.push([/^(4|5)\d\d$|^default$/i.test(name) ? name : errorUses(data, name) ? '400' : '200', response]);
  }
  for (const [status, response] of responses) {
    if (!isObject(response) || !isObject(response.content)) continue;
    const types = Object.keys(response.content);
    const problem = types.filter((type) => PROBLEM_TYPE.test(type));
    if (problem.length === 0 || problem.length === types.length) continue;
    const isError = /^[45]/.test(status) || status.toLowerCase() === 'default';
    for (const type of isError ? types.filter((t) => !problem.includes(t)) : problem) delete response.content[type];
  }
}

/** Whether a response component is used, and only under error statuses. */
function errorUses(data: Record<string, unknown>, name: string): boolean {
  const ref = `#/components/responses/${name}`;
  const statuses: string[] = [];
  const paths = isObject(data.paths) ? data.paths : {};
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const method of Object.keys(item).filter(isMethod)) {
      const op = item[method];
      if (!isObject(op) || !isObject(op.responses)) continue;
      for (const [status, response] of Object.entries(op.responses))
        if (isObject(response) && response.$ref === ref) statuses.push(status);
    }
  }
  return statuses.length > 0 && statuses.every((status) => /^[45]/.test(status) || status.toLowerCase() === 'default');
}

type Kind =
  | 'root'
  | 'pathItem'
  | 'operation'
  | 'parameter'
  | 'requestBody'
  | 'response'
  | 'content'
  | 'media'
  | 'mediaSchema'
  | 'examples'
  | 'header'
  | 'scheme'
  | 'flows'
  | 'flow'
  | 'servers'
  | 'other';

/** What a node of the converted (OpenAPI 3.0) document is, by its path. */
function kindOf(path: JsonPath): Kind {
  const n = path.length;
  const last = path[n - 1];
  const parent = path[n - 2];
  if (n === 0) return 'root';
  if (n === 2 && (path[0] === 'paths' || path[0] === 'x-ms-paths')) return 'pathItem';
  if (n === 3 && (path[0] === 'paths' || path[0] === 'x-ms-paths') && isMethod(last)) return 'operation';
  if (n === 3 && path[0] === 'components' && path[1] === 'parameters') return 'parameter';
  if (n === 3 && path[0] === 'components' && path[1] === 'responses') return 'response';
  if (n === 3 && path[0] === 'components' && path[1] === 'requestBodies') return 'requestBody';
  if (n === 3 && path[0] === 'components' && path[1] === 'securitySchemes') return 'scheme';
  if (
    parent === 'parameters' &&
    (kindOf(path.slice(0, -2)) === 'operation' || kindOf(path.slice(0, -2)) === 'pathItem')
  )
    return 'parameter';
  if (last === 'requestBody' && kindOf(path.slice(0, -1)) === 'operation') return 'requestBody';
  if (parent === 'responses' && kindOf(path.slice(0, -2)) === 'operation') return 'response';
  if (last === 'content' && ['requestBody', 'response'].includes(kindOf(path.slice(0, -1)))) return 'content';
  if (parent === 'content' && kindOf(path.slice(0, -1)) === 'content') return 'media';
  if (last === 'schema' && kindOf(path.slice(0, -1)) === 'media') return 'mediaSchema';
  if (last === 'examples' && kindOf(path.slice(0, -1)) === 'media') return 'examples';
  if (parent === 'headers' && kindOf(path.slice(0, -2)) === 'response') return 'header';
  if (last === 'flows' && kindOf(path.slice(0, -1)) === 'scheme') return 'flows';
  if (parent === 'flows' && kindOf(path.slice(0, -1)) === 'flows') return 'flow';
  if (last === 'servers' && ['root', 'pathItem', 'operation'].includes(kindOf(path.slice(0, -1)))) return 'servers';
  return 'other';
}

/** Where a node the converter made was caused: `self` for the node, `base` for finding its children by key. */
interface Placed {
  self: JsonPath;
  base: JsonPath;
  /** Whether children are found by following their keys from `base`. */
  follow: boolean;
}

interface Context {
  original: Record<string, unknown>;
  /** The converted path of the parent. */
  parentPath: JsonPath;
  /** Where the parent came from (its `base`). */
  parent: Placed;
  segment: string | number;
  /** The converted document, for what a node holds. */
  converted: Record<string, unknown>;
  /** What a finding at a media type (or a `content` map) is about: the type's name, or the body. */
  media: MediaConcern;
}

const exists = (ctx: Context, path: JsonPath | undefined): path is JsonPath =>
  path !== undefined && valueAt(ctx.original, path).found;

/** The operation (original path) a node of the original sits in, if any. */
function operationOf(original: JsonPath): JsonPath | undefined {
  return original.length >= 3 && (original[0] === 'paths' || original[0] === 'x-ms-paths') && isMethod(original[2])
    ? original.slice(0, 3)
    : undefined;
}

/** `consumes` or `produces` in force for an original node: the operation's, else the document's. */
function mediaList(ctx: Context, original: JsonPath, key: 'consumes' | 'produces'): JsonPath | undefined {
  const op = operationOf(original);
  if (op && exists(ctx, [...op, key])) return [...op, key];
  return exists(ctx, [key]) ? [key] : undefined;
}

/** Whether a `content` map (converted path) is a request's (`consumes`) or a response's (`produces`). */
function mediaKey(contentPath: JsonPath): 'consumes' | 'produces' {
  return kindOf(contentPath.slice(0, -1)) === 'requestBody' ? 'consumes' : 'produces';
}

const placed = (self: JsonPath, base = self, follow = true): Placed => ({ self, base, follow });

/** The first body, formData or file parameter of an original operation (or of its path item). */
function firstBodyParameter(ctx: Context, op: JsonPath): JsonPath | undefined {
  for (const owner of [op, op.slice(0, -1)]) {
    const list = valueAt(ctx.original, [...owner, 'parameters']).value;
    if (!Array.isArray(list)) continue;
    const index = list.findIndex((p) => isObject(p) && (p.in === 'body' || p.in === 'formData' || p.type === 'file'));
    if (index >= 0) return [...owner, 'parameters', index];
  }
  return undefined;
}

/** Explicit origins of the nodes the converter synthesises (see the module comment). */
function synthesised(ctx: Context): Placed | undefined {
  const { parentPath, parent, segment } = ctx;
  const path = [...parentPath, segment];
  const kind = kindOf(path);
  const parentKind = kindOf(parentPath);
  const base = parent.base;
  if (parentKind === 'root' && segment === 'openapi' && exists(ctx, ['swagger']))
    return placed(['swagger'], ['swagger'], false);
  // `components/schemas` is `definitions` (and so on), also where it is not an object (and so carries no tag).
  if (
    parentPath.length === 1 &&
    parentPath[0] === 'components' &&
    typeof segment === 'string' &&
    COMPONENT_KINDS[segment] &&
    exists(ctx, [COMPONENT_KINDS[segment]])
  ) {
    return placed([COMPONENT_KINDS[segment]]);
  }
  if (kind === 'servers' && parentKind === 'root') {
    const target =
      (['host', 'basePath', 'schemes'] as const).map((key) => [key] as JsonPath).find((p) => exists(ctx, p)) ?? [];
    return placed(target, target, false);
  }
  if (kind === 'servers') {
    const schemes = [...base, 'schemes'];
    return exists(ctx, schemes) ? placed(schemes, schemes, false) : placed(base, base, false);
  }
  if (kind === 'requestBody') {
    const op = operationOf(base);
    const parameter = op ? firstBodyParameter(ctx, op) : undefined;
    return parameter ? placed(parameter, parameter, false) : undefined;
  }
  if ((kind === 'content' || kind === 'media') && ctx.media === 'body') return placed(base, base, false);
  if (kind === 'content') {
    const key = mediaKey(path);
    const list = mediaList(ctx, base, key);
    if (list) return placed(list, base, false);
    // No `consumes`/`produces`: the body parameter, or the response's schema.
    const schema = [...base, 'schema'];
    return placed(key === 'produces' && exists(ctx, schema) ? schema : base, base, false);
  }
  if (kind === 'media') {
    const key = mediaKey(parentPath);
    const list = mediaList(ctx, base, key);
    const entries = list ? valueAt(ctx.original, list).value : undefined;
    const index = Array.isArray(entries) ? entries.indexOf(segment) : -1;
    if (list && index >= 0) return placed([...list, index], base, false);
    // A type the converter chose (no `consumes`/`produces`): the parameter, or the response's example or schema.
    if (key === 'consumes') return placed(base, base, false);
    const self =
      [
        [...base, 'examples', segment as string],
        [...base, 'schema'],
      ].find((p) => exists(ctx, p)) ?? base;
    return placed(self, base, false);
  }
  if (kind === 'mediaSchema') {
    // A formData body's object schema (the parameter), or a file response's `{type: string, format: binary}`.
    const schema = [...base, 'schema'];
    return placed(exists(ctx, schema) && mediaKey(parentPath.slice(0, -1)) === 'produces' ? schema : base, base, false);
  }
  if (kind === 'examples') {
    // content/<type>/examples/response/value ← the response's examples/<type>
    const example = [...base, 'examples', parentPath[parentPath.length - 1] as string];
    return exists(ctx, example) ? placed(example, example, false) : placed(base, base, false);
  }
  if (parentKind === 'examples' || (parentPath.length >= 1 && kindOf(parentPath.slice(0, -1)) === 'examples'))
    return placed(parent.self, parent.base, false);
  if (parentKind === 'parameter' || parentKind === 'header') {
    if (segment === 'schema') return placed(base, base, true);
    if (segment === 'style' || segment === 'explode')
      return placed(exists(ctx, [...base, 'collectionFormat']) ? [...base, 'collectionFormat'] : base, base, false);
    if (segment === 'example' && exists(ctx, [...base, 'x-example'])) return placed([...base, 'x-example']);
    if (segment === 'deprecated' && exists(ctx, [...base, 'x-deprecated'])) return placed([...base, 'x-deprecated']);
  }
  if (
    parentPath.length >= 1 &&
    parentPath[parentPath.length - 1] === 'required' &&
    kindOf(parentPath.slice(0, -1)) === 'mediaSchema'
  ) {
    const name = valueAt(ctx.converted, path).value;
    const op = operationOf(base);
    for (const owner of op ? [op, op.slice(0, -1)] : []) {
      const list = valueAt(ctx.original, [...owner, 'parameters']).value;
      const index = Array.isArray(list)
        ? list.findIndex((p) => isObject(p) && p.name === name && p.in === 'formData')
        : -1;
      if (index >= 0) {
        const parameter = [...owner, 'parameters', index];
        return placed(
          exists(ctx, [...parameter, 'required']) ? [...parameter, 'required'] : parameter,
          parameter,
          false,
        );
      }
    }
  }
  if (kind === 'flows' || kind === 'flow')
    return placed(exists(ctx, [...base, 'flow']) ? [...base, 'flow'] : base, base, true);
  if (parentKind === 'scheme' && segment === 'scheme' && exists(ctx, [...base, 'type']))
    return placed([...base, 'type'], [...base, 'type'], false);
  return undefined;
}

/** `a.b[0]["c/d"]` (as `printPath` writes it) back to its segments; undefined when it is not one. */
export function parsePrintedPath(text: string): JsonPath | undefined {
  const segments: JsonPath = [];
  let rest = text;
  const first = /^[A-Za-z_$][\w$-]*/.exec(rest);
  if (first) {
    segments.push(first[0]);
    rest = rest.slice(first[0].length);
  }
  while (rest.length > 0) {
    let match: RegExpExecArray | null;
    if ((match = /^\.([A-Za-z_$][\w$-]*)/.exec(rest)) && segments.length > 0) segments.push(match[1] ?? '');
    else if ((match = /^\[(\d+)\]/.exec(rest))) segments.push(Number(match[1]));
    else if ((match = /^\[("(?:[^"\\]|\\.)*")\]/.exec(rest))) {
      try {
        segments.push(JSON.parse(match[1] ?? '') as string);
      } catch {
        return undefined;
      }
    } else return undefined;
    rest = rest.slice(match[0].length);
  }
  return segments.length > 0 ? segments : undefined;
}

/** Swagger 2.0's names for the component kinds OpenAPI 3 keeps under `components`. */
const COMPONENT_KINDS: Record<string, string | undefined> = {
  schemas: 'definitions',
  parameters: 'parameters',
  responses: 'responses',
  securitySchemes: 'securityDefinitions',
};

/** A local pointer, or a printed path into `components` or `paths`, as they appear in messages. */
const LOOSE_PLACE = /#\/[^\s`'"),]*|\b(?:components|paths)(?:\.[A-Za-z_$][\w$-]*|\[\d+\]|\["(?:[^"\\]|\\.)*"\])+/g;

/** How a Swagger 2.0 author names an original place: a definition by its name, anything else by its path. */
function printOriginal(path: JsonPath): string {
  return path[0] === 'definitions' && path.length >= 2 ? printPath(path.slice(1)) : printPath(path);
}

/** Converts a Swagger 2.0 document (`isSwagger2`) and builds the way back to its nodes. */
export async function convertSwagger2(original: Record<string, unknown>): Promise<ConvertedSwagger> {
  const data = await convert(copy(original, [], false));
  const tagged = await convert(copy(original, [], true));
  restoreProtoKeys(data);
  restoreProtoKeys(tagged);
  removeNotes(data);
  undoPatches(data, tagged, original);
  separateProblemTypes(data);

  // A tag's pointer as a path of the original (list positions as numbers), once per tag.
  const tagPaths = new Map<string, JsonPath | null>();
  const tagPath = (pointer: string): JsonPath | undefined => {
    let path = tagPaths.get(pointer);
    if (path === undefined) {
      const segments: JsonPath = [];
      let node: unknown = original;
      for (const segment of decodePointer(pointer)) {
        const key = Array.isArray(node) ? Number(segment) : segment;
        segments.push(key);
        node = has(node, key) ? child(node, key) : undefined;
      }
      path = valueAt(original, segments).found ? segments : null;
      tagPaths.set(pointer, path);
    }
    return path ?? undefined;
  };
  // Findings share their places (a schema, its properties): each place is traced once.
  const traced = new Map<string, { path: JsonPath; exact: boolean }>();
  const originOf = (path: JsonPath, media: MediaConcern = 'name'): { path: JsonPath; exact: boolean } => {
    const key = `${media}${encodePointer(path)}`;
    let found = traced.get(key);
    if (!found) traced.set(key, (found = trace(path, media)));
    return found;
  };
  const trace = (path: JsonPath, media: MediaConcern): { path: JsonPath; exact: boolean } => {
    let place = placed([]);
    let exact = true;
    let node: unknown = data;
    let shadow: unknown = tagged;
    for (const [i, segment] of path.entries()) {
      const parentPath = path.slice(0, i);
      node = child(node, segment);
      shadow = child(shadow, segment);
      const tag = isObject(shadow) && typeof shadow[TAG] === 'string' ? tagPath(shadow[TAG]) : undefined;
      if (tag) {
        place = placed(tag);
        exact = true;
        continue;
      }
      if (place.follow && has(valueAt(original, place.base).value, segment)) {
        const next = [...place.base, segment];
        place = placed(next);
        exact = true;
        continue;
      }
      const made = synthesised({ original, parentPath, parent: place, segment, converted: data, media });
      if (made) {
        place = made;
        exact = false;
        continue;
      }
      // Nothing in the original stands for this node: the closest node above it answers.
      place = placed(place.self, place.base, false);
      exact = false;
    }
    return { path: place.self, exact };
  };

  /** The original place a converted path names (`undefined`: not a place of the converted document). */
  const originalOf = (path: JsonPath): JsonPath | undefined => {
    // The longest prefix that exists, and what is left past it (a key that is missing).
    let length = 0;
    while (length < path.length && valueAt(data, path.slice(0, length + 1)).found) length++;
    if (length >= 2) return [...originOf(path.slice(0, length)).path, ...path.slice(length)];
    // A component the converted document does not have at all: named as Swagger 2.0 names its kind.
    const renamed = path[0] === 'components' && typeof path[1] === 'string' ? COMPONENT_KINDS[path[1]] : undefined;
    return renamed ? [renamed, ...path.slice(2)] : undefined;
  };
  const restatePrinted = (text: string): string | undefined => {
    const path = parsePrintedPath(text);
    const origin = path && path.length >= 2 ? originalOf(path) : undefined;
    return origin ? printOriginal(origin) || 'the document' : undefined;
  };
  const restatePointer = (pointer: string): string => {
    const origin = originalOf(decodePointer(pointer));
    return origin ? `#${encodePointer(origin)}` : pointer;
  };
  // Pointers (`#/components/schemas/X`) and printed paths of the parts that move (`components.…`, `paths[…]…`) anywhere.
  const loose = (text: string): string =>
    text.replace(LOOSE_PLACE, (found) =>
      found.startsWith('#') ? restatePointer(found) : (restatePrinted(found) ?? found),
    );
  const restate = (message: string): string =>
    message.replace(/`([^`\n]+)`|[^`]+/g, (whole, inner: string | undefined) => {
      if (inner === undefined) return loose(whole);
      const printed = restatePrinted(inner);
      return printed !== undefined ? `\`${printed}\`` : `\`${loose(inner)}\``;
    });

  return { data: data, originOf, restate };
}

const conversions = new WeakMap<object, Promise<ConvertedSwagger | Error>>();

/** The conversion of one loaded document, made once (a failure is kept as the reason). */
export function convertedSwagger(original: Record<string, unknown>): Promise<ConvertedSwagger | Error> {
  let conversion = conversions.get(original);
  if (!conversion) {
    conversion = convertSwagger2(original).catch((error: unknown) =>
      error instanceof Error ? error : new Error(String(error)),
    );
    conversions.set(original, conversion);
  }
  return conversion;
}

/**
 * Findings that say nothing a Swagger 2.0 author can act on: `platform-schema-pascal-case` on a
 * schema component the converter made and named
 * (`schema1`: an inline schema that a `$ref` points into, as the bundler leaves a schema another
 * file holds where it is first used): the author never wrote that name.
 */
const MEANINGLESS: Record<string, (result: RuleResult, converted: OpenApiDocument, origin: JsonPath) => boolean> = {
  'platform-schema-pascal-case': (result, _converted, origin) =>
    result.path.length === 3 &&
    result.path[0] === 'components' &&
    result.path[1] === 'schemas' &&
    !(origin.length === 2 && origin[0] === 'definitions'),
};

/**
 * What the conversion hides: a response body or a request body whose media type Swagger 2.0 never
 * names (no `produces`/`consumes` on the operation or the document). The converter assumes one
 * (`*\/*`, `application/json`), so the rules would not see the gap; `platform-content-type` ("request
 * bodies and responses declare their media types") reports it on the original.
 */
function undeclaredMediaTypes(original: Record<string, unknown>): RuleResult[] {
  const results: RuleResult[] = [];
  const declared = (list: unknown) => Array.isArray(list) && list.length > 0;
  const responseHasBody = (response: unknown): boolean => {
    if (isObject(response) && typeof response.$ref === 'string' && response.$ref.startsWith('#/responses/')) {
      return responseHasBody(valueAt(original, decodePointer(response.$ref)).value);
    }
    return isObject(response) && response.schema !== undefined;
  };
  for (const root of ['paths', 'x-ms-paths']) {
    const paths = original[root];
    if (!isObject(paths)) continue;
    for (const pathKey of Object.keys(paths)) {
      const item = paths[pathKey];
      if (!isObject(item)) continue;
      for (const method of Object.keys(item).filter(isMethod)) {
        const op = item[method];
        if (!isObject(op)) continue;
        const label = `${method.toUpperCase()} ${pathKey}`;
        const responses = isObject(op.responses) ? op.responses : {};
        const withBody = Object.keys(responses).filter((status) => responseHasBody(responses[status]));
        if (withBody.length > 0 && !declared(op.produces ?? original.produces)) {
          results.push({
            code: 'platform-content-type',
            severity: 'error',
            message: `\`${label}\` returns a body (${withBody.map((status) => `\`${status}\``).join(', ')}) but neither the operation nor the document names its media type; add \`produces: [application/json]\` at the top level (or on the operation).`,
            path: [root, pathKey, method],
          });
        }
        const parameters = [
          ...(Array.isArray(op.parameters)
            ? op.parameters.map((p: unknown, i) => ({ p, path: [root, pathKey, method, 'parameters', i] }))
            : []),
          ...(Array.isArray(item.parameters)
            ? item.parameters.map((p: unknown, i) => ({ p, path: [root, pathKey, 'parameters', i] }))
            : []),
        ];
        const body = parameters.find(({ p }) => isObject(p) && (p.in === 'body' || p.in === 'formData'));
        if (body && !declared(op.consumes ?? original.consumes)) {
          const name = isObject(body.p) && typeof body.p.name === 'string' ? ` (\`${body.p.name}\`)` : '';
          results.push({
            code: 'platform-content-type',
            severity: 'error',
            message: `\`${label}\` takes a body${name} but neither the operation nor the document names its media type; add \`consumes: [application/json]\` at the top level (or on the operation${isObject(body.p) && body.p.in === 'formData' ? ': `multipart/form-data` or `application/x-www-form-urlencoded` for form fields' : ''}).`,
            path: body.path,
          });
        }
      }
    }
  }
  return results;
}

/**
 * Runs the rules over a Swagger 2.0 document: those that judge any document (`platform-openapi-3`)
 * on the original, every other one on its conversion, each finding mapped back to the original
 * (path and message, in Swagger 2.0's words where the rule gives them: its `swagger2Wording`; `MEANINGLESS` ones dropped), and the gaps the conversion hides
 * (`undeclaredMediaTypes`). Results in rule order; two findings that land on the same original
 * node with the same message (a schema copied under two media types) are one.
 */
export async function runRulesOnSwagger2(
  rules: readonly RuleDefinition[],
  original: Record<string, unknown>,
  settings: RunSettings = {},
): Promise<RuleResult[]> {
  const own = runRules(rules, original, settings);
  const converted = await convertedSwagger(original);
  if (converted instanceof Error) {
    // The other rules cannot run; the one finding says so.
    const reason = converted.message.replace(/\.$/, '');
    return own.map((result) =>
      result.code === 'platform-openapi-3'
        ? {
            ...result,
            message: `${result.message} (The other rules did not run: it could not be converted in memory: ${reason}.)`,
          }
        : result,
    );
  }
  const mapped: RuleResult[] = [];
  const seen = new Set<string>();
  const add = (result: RuleResult) => {
    const key = `${result.code}\u0000${JSON.stringify(result.path)}\u0000${result.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    mapped.push(result);
  };
  const wording = new Map(rules.map((rule) => [rule.id, rule.swagger2Wording]));
  for (const result of runRules(
    rules.filter((rule) => !rule.anyFormat),
    converted.data,
    settings,
  )) {
    const path = converted.originOf(result.path, mediaConcernOf(result.code)).path;
    if (MEANINGLESS[result.code]?.(result, converted.data, path)) continue;
    let restated = converted.restate(result.message);
    // A definition whose name the converter had to change (`Page[User]` → `Page_User_`) is named as written.
    const name = result.path[0] === 'components' && result.path[1] === 'schemas' ? result.path[2] : undefined;
    if (name !== undefined && path[0] === 'definitions' && path[1] !== undefined && path[1] !== name)
      restated = restated.split(`\`${name}\``).join(`\`${path[1]}\``);
    add({ ...result, path, message: wording.get(result.code)?.(restated) ?? restated });
  }
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const contentType = byId.get('platform-content-type');
  if (contentType)
    for (const result of undeclaredMediaTypes(original)) add({ ...result, severity: contentType.severity });
  const order = new Map(rules.map((rule, index) => [rule.id, index]));
  return [...own, ...mapped].sort((a, b) => (order.get(a.code) ?? 0) - (order.get(b.code) ?? 0));
}

import { defineRule, show, type Problem } from '../lib/rule.js';
import { layerKeyword, resolve, schemaLayers } from '../lib/openapi/resolve.js';
import { allOfLayers } from '../lib/openapi/flatten.js';
import { MAX_SCHEMA_DEPTH, noteLimit } from '../lib/openapi/limits.js';
import { isArray, isObject, type Document, type JsonPath } from '../lib/openapi/types.js';
import {
  mediaTypes,
  outboundOperations,
  statusClass,
  type MediaTypeInfo,
  type OutboundOperationInfo,
} from '../lib/openapi/views.js';
import { encodePointer } from '../lib/openapi/pointer.js';
import { isJsonMediaType, mayBeJson } from '../lib/openapi/media-type.js';

/**
 * A media type whose body, when its schema is an array, is a JSON array on the wire: JSON, the
 * ranges a generator writes for JSON (`*\/*`), and `text/plain`, which ASP.NET lists beside
 * `application/json` for the same serialised body (a schema of `type: array` is not plain prose).
 */
function carriesJsonText(mediaType: string): boolean {
  const essence = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  // A JSON Patch (RFC 6902) is an array of operations by definition: its format is not the API's to choose.
  if (essence === 'application/json-patch+json') return false;
  return mayBeJson(mediaType) || essence === 'text/plain';
}

/** The most schemas one body's `oneOf`/`anyOf` branches are read through: a bound on hostile input. */
const MAX_BRANCH_STEPS = 4096;

/** The JSON types a body can be (`integer` counted as `number`). */
type JsonType = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';
const JSON_TYPES: readonly JsonType[] = ['null', 'boolean', 'number', 'string', 'array', 'object'];

/** JSON types that are not containers: a body of one of them is a bare value, not an object. */
const SCALAR_TYPES = new Set<JsonType>(['string', 'number', 'boolean', 'null']);

function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'boolean' || type === 'number' || type === 'string' ? type : 'object';
}

const declaredTypes = (schema: Record<string, unknown>): JsonType[] =>
  (typeof schema.type === 'string' ? [schema.type] : isArray(schema.type) ? schema.type : [])
    .map((type) => (type === 'integer' ? 'number' : type))
    .filter((type): type is JsonType => (JSON_TYPES as readonly unknown[]).includes(type));

/** True when a pair of bounds leaves no value: `minLength: 2, maxLength: 1`. */
const crossed = (schema: Record<string, unknown>, low: string, high: string) =>
  typeof schema[low] === 'number' && typeof schema[high] === 'number' && schema[low] > schema[high];

/** Marks a schema being read, so a branch that refers back to it is known as such. */
const SELF = Symbol('being read');

interface Reading {
  seen: Map<unknown, ReadonlySet<JsonType> | typeof SELF>;
  steps: number;
  /** How many times a schema still being read was met (its types taken as none for now). */
  cycles: number;
}

/**
 * The JSON types a schema lets a body be, read as a validator would: `type` (and OpenAPI 3.0's
 * `nullable`), its merged `allOf` (flatten.ts `allOfLayers`, `$ref`s followed; the parts'
 * types intersect), `oneOf`/`anyOf` (the union of their branches), `enum`/`const` (the types of
 * the values), `not: {}` and `false` (nothing), and bounds that cross (`minLength` above
 * `maxLength` leaves no string). With no `type` anywhere, `items` alone says array and
 * `properties` alone says object, as generators mean them. A branch that refers back to the
 * schema being read adds nothing of its own (the least fixpoint of `Body: oneOf [array, Body]` is
 * the arrays). So an array-or-null written as `const: null` or `type: ['null']`, a branch that
 * allows nothing written any way, and a scalar with no `type` (`enum: [a, b]`) are read for what
 * they allow (attack o34r9 B1–B3). Read at most MAX_SCHEMA_DEPTH deep (deeper is noted as a walk
 * limit, and allows anything) and at most MAX_BRANCH_STEPS schemas in all.
 */
function bodyTypes(
  document: Document,
  node: unknown,
  path: JsonPath,
  depth = 0,
  reading: Reading = { seen: new Map(), steps: 0, cycles: 0 },
): ReadonlySet<JsonType> {
  const { value, path: at } = resolve(document, node, path);
  if (value === false) return new Set();
  if (!isObject(value)) return new Set(JSON_TYPES);
  const known = reading.seen.get(value);
  if (known === SELF) {
    reading.cycles++;
    return new Set();
  }
  if (known !== undefined) return known;
  if (depth > MAX_SCHEMA_DEPTH || ++reading.steps > MAX_BRANCH_STEPS) {
    noteLimit(document, at, `\`oneOf\`/\`anyOf\` branches nested more than ${MAX_SCHEMA_DEPTH} deep`);
    return new Set(JSON_TYPES);
  }
  reading.seen.set(value, SELF);
  const cyclesBefore = reading.cycles;
  let types = new Set<JsonType>(JSON_TYPES);
  const narrow = (allowed: Iterable<JsonType>) => {
    const keep = new Set(allowed);
    types = new Set([...types].filter((type) => keep.has(type)));
  };
  let typed = false;
  let items = false;
  let properties = false;
  for (const layer of allOfLayers(document, value, at)) {
    const schema = layer.schema;
    // `not` of a schema that allows every value of some types takes those types away (`not: {}`
    // all of them; `not: {anyOf: [{type: object}, {type: string}]}` objects and strings).
    if (schema.not !== undefined) {
      const excluded = new Set(whollyAllowed(document, schema.not, [...layer.path, 'not']));
      types = new Set([...types].filter((type) => !excluded.has(type)));
    }
    if (schema.type !== undefined) {
      typed = true;
      narrow([...declaredTypes(schema), ...(schema.nullable === true ? (['null'] as const) : [])]);
    }
    if (schema.items !== undefined || schema.prefixItems !== undefined) items = true;
    // Keywords only an object has meaning for say object, as `properties` does (o34r11 A3b).
    if (
      schema.properties !== undefined ||
      schema.additionalProperties !== undefined ||
      schema.patternProperties !== undefined ||
      schema.propertyNames !== undefined ||
      schema.required !== undefined
    )
      properties = true;
    const values = isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined;
    if (values !== undefined) {
      typed = true;
      narrow(values.map(jsonTypeOf));
    }
    if (crossed(schema, 'minLength', 'maxLength')) types.delete('string');
    if (crossed(schema, 'minItems', 'maxItems')) types.delete('array');
    if (crossed(schema, 'minProperties', 'maxProperties')) types.delete('object');
    if (crossed(schema, 'minimum', 'maximum')) types.delete('number');
    for (const key of ['oneOf', 'anyOf'] as const) {
      const list = schema[key];
      if (!isArray(list)) continue;
      typed = true;
      const union = new Set<JsonType>();
      list.forEach((branch, index) => {
        for (const type of bodyTypes(document, branch, [...layer.path, key, index], depth + 1, reading))
          union.add(type);
      });
      narrow(union);
    }
  }
  if (!typed && items !== properties) narrow(items ? ['array'] : ['object']);
  // An answer that took a schema still being read as allowing nothing holds only inside that
  // reading: kept, another part reaching this schema would take it as final (attack o34r11 A3a:
  // `allOf: [{anyOf: [CA]}, {anyOf: [CB]}]`, `CA: anyOf [CB, array]`, `CB: anyOf [CA]`).
  if (reading.cycles === cyclesBefore) reading.seen.set(value, types);
  else reading.seen.delete(value);
  return types;
}

/** Keywords that constrain no value: a schema of only these (and `type`) allows every value of its types. */
const ANNOTATIONS = new Set(['title', 'description', 'example', 'examples', 'default', 'deprecated', '$comment']);

/**
 * The JSON types of which a schema allows every value, read only where that is certain: `true` or
 * `{}` (all), a schema of `type` and annotations alone (its types; `integer` allows only some
 * numbers, so none), an `anyOf` of such (their union), a `oneOf` of such whose types do not overlap.
 * Anything else: none (so a `not` of it takes nothing away, which may under-report, never invent).
 */
function whollyAllowed(document: Document, node: unknown, path: JsonPath, depth = 0): JsonType[] {
  const { value } = resolve(document, node, path);
  if (value !== true && (!isObject(value) || depth > MAX_SCHEMA_DEPTH)) return [];
  const only = typeOnly(value);
  if (only) return only.types;
  if (!isObject(value)) return [];
  const [key, ...others] = constraining(value);
  if (others.length > 0) return [];
  if (key === 'anyOf' && isArray(value.anyOf))
    return [
      ...new Set(
        value.anyOf.flatMap((branch, index) => whollyAllowed(document, branch, [...path, 'anyOf', index], depth + 1)),
      ),
    ];
  // `oneOf` rejects a value two branches allow: only branches that are all type-only (they allow
  // nothing of any other type) and share no type add up.
  if (key === 'oneOf' && isArray(value.oneOf)) {
    const parts: JsonType[][] = [];
    for (const [index, branch] of value.oneOf.entries()) {
      const target = resolve(document, branch, [...path, 'oneOf', index]).value;
      const part = typeOnly(target);
      if (!part || part.partial) return [];
      parts.push(target !== true && depth + 1 > MAX_SCHEMA_DEPTH ? [] : part.types);
    }
    const union = parts.flat();
    return new Set(union).size === union.length ? union : [];
  }
  return [];
}

/** The keywords of a schema that constrain a value: not annotations, not extensions. */
const constraining = (schema: Record<string, unknown>) =>
  Object.keys(schema).filter((key) => !ANNOTATIONS.has(key) && !key.startsWith('x-'));

/**
 * A schema of `type` and annotations alone (or `true`, `{}`): the types of which it allows every
 * value, and `partial` when it names one of which it allows only some (`integer`, some numbers).
 * Undefined for any other schema.
 */
function typeOnly(value: unknown): { types: JsonType[]; partial: boolean } | undefined {
  if (value === true) return { types: [...JSON_TYPES], partial: false };
  if (!isObject(value)) return undefined;
  const keys = constraining(value);
  if (keys.length === 0) return { types: [...JSON_TYPES], partial: false };
  if (keys.length !== 1 || keys[0] !== 'type') return undefined;
  const named: unknown[] = typeof value.type === 'string' ? [value.type] : isArray(value.type) ? value.type : [];
  return {
    types: named.filter(
      (type): type is JsonType => type !== 'integer' && (JSON_TYPES as readonly unknown[]).includes(type),
    ),
    partial: named.includes('integer'),
  };
}

/** True when every value a schema allows but `null` is an array, and it allows one. */
function alwaysArray(types: ReadonlySet<JsonType>): boolean {
  return types.has('array') && [...types].every((type) => type === 'array' || type === 'null');
}

/**
 * The scalar a JSON body is when every value its schema allows but `null` is a boolean, number or
 * string (`type: boolean`, `type: [string, 'null']`, `enum: [a, b]`), else undefined: those types
 * (`string or number`), in the order its `type` declares them. A string of bytes (`format: binary`/`byte`) is a file
 * sent as it is, not JSON text, and `text/plain` carries text, not a JSON value; a string under a
 * media range (`*\/*`) is as often plain text.
 */
function bareScalar(
  mediaType: string,
  layers: ReturnType<typeof schemaLayers>,
  types: ReadonlySet<JsonType>,
): string | undefined {
  if (!mayBeJson(mediaType)) return undefined;
  const named = [...types].filter((type) => type !== 'null');
  if (named.length === 0 || !named.every((type) => SCALAR_TYPES.has(type))) return undefined;
  const formatValue = layerKeyword(layers, 'format')?.value;
  if (formatValue === 'binary' || formatValue === 'byte') return undefined;
  // In the order the schema declares them, else string, number, boolean.
  const type = layerKeyword(layers, 'type');
  const order = [...(type ? declaredTypes(type.layer.schema) : []), 'string', 'number', 'boolean'];
  const listed = [...new Set(order)].filter((t) => (named as readonly string[]).includes(t));
  // A string under a range (`*\/*`) is as often plain text as a JSON string: only a JSON type says which.
  if (listed[0] === 'string' && !isJsonMediaType(mediaType)) return undefined;
  return listed.join(' or ');
}

/**
 * A path that serves the description itself: its last segment names it (`/openapi.json`,
 * `/swagger/v1/swagger.json`, `/v3/api-docs`, `/q/openapi`), or springdoc's group
 * (`/v3/api-docs/{group}`). A segment of that name elsewhere (`/openapi/users`) is an API's own path.
 */
const DESCRIPTION_PATH = /(\/(openapi|swagger|api-docs)(\.(json|ya?ml))?|\/api-docs\/\{[^/{}]+\})\/?$/i;

/** A named member that would hold a bare value of this type, as the fix's example. */
const HOLDER: Record<string, string> = {
  boolean: '`{ exists: true }`',
  number: '`{ count: 3 }`',
  string: '`{ value: "..." }`',
  null: '`{ data: null }`',
};

/**
 * Every body the rule reads: the request and response media types under `paths` and
 * `components`, and the request bodies a service sends to its subscribers (3.1 `webhooks`,
 * callbacks; attack r8 L2), each once (a webhook's body defined in `components` is read there).
 * A subscriber's answer is the subscriber's, not the service's: webhook responses are not read.
 */
function bodies(document: Document): Array<{ info: MediaTypeInfo; outbound?: OutboundOperationInfo }> {
  const all: Array<{ info: MediaTypeInfo; outbound?: OutboundOperationInfo }> = mediaTypes(document).map((info) => ({
    info,
  }));
  const seen = new Set<unknown>(all.map(({ info }) => info.media));
  for (const outbound of outboundOperations(document)) {
    const body = resolve(document, outbound.operation.requestBody, [...outbound.path, 'requestBody']);
    if (!isObject(body.value) || !isObject(body.value.content)) continue;
    for (const [mediaType, media] of Object.entries(body.value.content)) {
      if (!isObject(media) || seen.has(media)) continue;
      seen.add(media);
      all.push({
        info: {
          kind: 'request',
          mediaType,
          media,
          path: [...body.path, 'content', mediaType],
          statuses: [],
          operations: [],
        },
        outbound,
      });
    }
  }
  return all;
}

export default defineRule({
  id: 'platform-no-bare-array',
  severity: 'error',
  category: 'data-format',
  source: { document: 'seed', section: 'Data format conventions: Response top level' },
  description:
    'No JSON request or response body is a bare array or a bare value (boolean, number, string): a body is an object, and a collection or a value is a named member of it.',
  check(document) {
    const problems: Problem[] = [];
    // The media types of one request body or response that send a bare array: one cause, one finding.
    const byBody = new Map<
      string,
      { info: MediaTypeInfo; others: MediaTypeInfo[]; scalar?: string; outbound?: OutboundOperationInfo }
    >();
    for (const { info, outbound } of bodies(document)) {
      if (!carriesJsonText(info.mediaType) || info.media.schema === undefined) continue;
      const path = [...info.path, 'schema'];
      const layers = schemaLayers(document, info.media.schema, path);
      if (layers.length === 0) continue;
      // What the body is, read from its merged `allOf` and every `oneOf`/`anyOf` branch (L01).
      const types = bodyTypes(document, info.media.schema, path);
      const bareArray = alwaysArray(types);
      // A bare boolean, number or string is no more an object than an array is (issue 37).
      // An error body that is not an object is platform-problem-schema's one finding (one cause, one
      // owner), and the description served at `/openapi.json` is the OpenAPI document's own shape.
      const scalar =
        bareArray ||
        (info.kind === 'response' && !info.statuses.some((status) => statusClass(status) === '2')) ||
        info.operations.some((op) => DESCRIPTION_PATH.test(op.pathKey))
          ? undefined
          : bareScalar(info.mediaType, layers, types);
      if (!bareArray && scalar === undefined) continue;
      const key = `${encodePointer(info.path.slice(0, -2))}\u0000${scalar ?? 'array'}`;
      const found = byBody.get(key);
      if (found) found.others.push(info);
      else
        byBody.set(key, {
          info,
          others: [],
          ...(scalar !== undefined ? { scalar } : {}),
          ...(outbound ? { outbound } : {}),
        });
    }
    for (const { info, others, scalar, outbound } of byBody.values()) {
      const op = info.operations.length === 1 ? info.operations[0] : undefined;
      const also = others.length > 0 ? ` (also as ${others.map((other) => show(other.mediaType)).join(', ')})` : '';
      const where = outbound
        ? `The ${show(info.mediaType)} body${also} the service sends in ${outbound.kind} \`${outbound.name}\` (\`${outbound.method.toUpperCase()}\`)`
        : info.kind === 'request'
          ? `The ${show(info.mediaType)} request body${also}${op ? ` of \`${op.method.toUpperCase()} ${op.pathKey}\`` : ''}`
          : `The ${show(info.mediaType)} response body${also}${op ? ` of \`${op.method.toUpperCase()} ${op.pathKey}\`` : ''}${info.statuses.length > 0 ? ` (${info.statuses.join(', ')})` : ''}`;
      if (scalar !== undefined) {
        problems.push({
          message: `${where} is a bare ${scalar}, not a JSON object; put the value in a named member, e.g. ${HOLDER[scalar.split(' ')[0] ?? ''] ?? '`{ value: ... }`'}, so the body can grow without breaking callers.`,
          path: [...info.path, 'schema'],
          also: others.map((other) => [...other.path, 'schema']),
        });
        continue;
      }
      problems.push({
        message: `${where} is a bare array; make it an object that holds the list in a named member, e.g. \`{ data: [...] }\`, so the body can grow (paging, totals) without breaking callers.`,
        path: [...info.path, 'schema'],
        also: others.map((other) => [...other.path, 'schema']),
      });
    }
    return problems;
  },
});

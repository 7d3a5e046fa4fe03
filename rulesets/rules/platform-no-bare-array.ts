import { defineRule, show, type Problem } from '../lib/rule.js';
import { layerKeyword, resolve, schemaLayers, schemaTypes } from '../lib/openapi/resolve.js';
import { allOfLayers } from '../lib/openapi/flatten.js';
import { MAX_SCHEMA_DEPTH, noteLimit } from '../lib/openapi/limits.js';
import { isArray, isObject, type Document, type JsonPath } from '../lib/openapi/types.js';
import { mediaTypes, statusClass, type MediaTypeInfo } from '../lib/openapi/views.js';
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

function isNullSchema(schema: unknown): boolean {
  return (
    isObject(schema) &&
    (schema.type === 'null' || (isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null))
  );
}

/**
 * True when every value a schema allows (but `null`) is an array: what it is, read from its
 * merged `allOf` (flatten.ts `allOfLayers`, `$ref`s followed): every part that declares `type`
 * allows `array`, and one does, or a part (a `oneOf`/`anyOf` of it) is one whose every non-null
 * branch is always an array; with no `type` anywhere, a part declares `items` and none
 * `properties`. `allOf: [{type: array, items}, {description}]` is an array, and so is
 * `oneOf: [ArrayA, ArrayB]` (L01). Branches are read at most MAX_SCHEMA_DEPTH deep (deeper is
 * noted as a walk limit) and at most MAX_BRANCH_STEPS schemas in all.
 */
/** Marks a schema being read, so a branch that refers back to it is known as such. */
const SELF = Symbol('being read');

/** A schema no value satisfies: `false`, `not: {}` (or `not: true`). */
function allowsNothing(schema: unknown): boolean {
  if (schema === false) return true;
  return isObject(schema) && (schema.not === true || (isObject(schema.not) && Object.keys(schema.not).length === 0));
}

function alwaysArray(
  document: Document,
  node: unknown,
  path: JsonPath,
  depth = 0,
  seen = new Map<unknown, boolean | typeof SELF>(),
  budget = { steps: 0 },
): boolean {
  const { value, path: at } = resolve(document, node, path);
  if (!isObject(value)) return false;
  const known = seen.get(value);
  if (known !== undefined) return known === true;
  if (depth > MAX_SCHEMA_DEPTH || ++budget.steps > MAX_BRANCH_STEPS) {
    noteLimit(document, at, `\`oneOf\`/\`anyOf\` branches nested more than ${MAX_SCHEMA_DEPTH} deep`);
    return false;
  }
  // A schema that names itself among its branches: that branch adds no instance of its own (the
  // least fixpoint of `Body: oneOf [array, Body]` is the arrays), so it is left out like `null`.
  seen.set(value, SELF);
  let declared = false;
  let items = false;
  let properties = false;
  let array = false;
  for (const layer of allOfLayers(document, value, at)) {
    const schema = layer.schema;
    if (schema.type !== undefined) {
      if (!schemaTypes(schema).includes('array')) {
        seen.set(value, false);
        return false;
      }
      declared = true;
    }
    if (schema.items !== undefined) items = true;
    if (schema.properties !== undefined) properties = true;
    for (const key of ['oneOf', 'anyOf'] as const) {
      const list = schema[key];
      if (!isArray(list)) continue;
      // Branches that add no body of their own are left out: `null`, one that allows nothing
      // (`false`, `not: {}`) and one that refers back to the schema being read.
      const branches = list
        .map((branch, index) => ({ branch, index }))
        .filter(({ branch }) => {
          const target = resolve(document, branch, []).value;
          return !isNullSchema(target) && !allowsNothing(target) && seen.get(target) !== SELF;
        });
      if (
        branches.length > 0 &&
        branches.every(({ branch, index }) =>
          alwaysArray(document, branch, [...layer.path, key, index], depth + 1, seen, budget),
        )
      )
        array = true;
    }
    // Every value an `enum` or `const` allows is an array (`enum: [[]]`).
    const values = isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined;
    if (values !== undefined && values.length > 0 && values.every((v) => Array.isArray(v))) array = true;
  }
  const result = declared || array || (items && !properties);
  seen.set(value, result);
  return result;
}

/** JSON types that are not containers: a body of one of them is a bare value, not an object. */
const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/**
 * The scalar a JSON body is when its schema declares only scalar types (`type: boolean`,
 * `type: [string, 'null']`), else undefined. A string of bytes (`format: binary`/`byte`) is a file
 * sent as it is, not JSON text, and `text/plain` carries text, not a JSON value; a string under a
 * media range (`*\/*`) is as often plain text.
 */
function bareScalar(mediaType: string, layers: ReturnType<typeof schemaLayers>): string | undefined {
  if (!mayBeJson(mediaType)) return undefined;
  const type = layerKeyword(layers, 'type');
  if (!type) return undefined;
  const types = schemaTypes(type.layer.schema);
  if (types.length === 0 || !types.every((t) => SCALAR_TYPES.has(t))) return undefined;
  if (layerKeyword(layers, 'properties') !== undefined || layerKeyword(layers, 'items') !== undefined) return undefined;
  const formatValue = layerKeyword(layers, 'format')?.value;
  if (formatValue === 'binary' || formatValue === 'byte') return undefined;
  const named = types.filter((t) => t !== 'null');
  const first = named[0] ?? 'null';
  // A string under a range (`*\/*`) is as often plain text as a JSON string: only a JSON type says which.
  if (first === 'string' && !isJsonMediaType(mediaType)) return undefined;
  return first === 'integer' ? 'number' : first;
}

/** A path that serves the description itself (`/openapi.json`, `/swagger/v1/swagger.json`, `/api-docs`). */
const DESCRIPTION_PATH = /\/(openapi|swagger|api-docs)(\.(json|ya?ml))?(\/|$)/i;

/** A named member that would hold a bare value of this type, as the fix's example. */
const HOLDER: Record<string, string> = {
  boolean: '`{ exists: true }`',
  number: '`{ count: 3 }`',
  string: '`{ value: "..." }`',
  null: '`{ data: null }`',
};

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
    const byBody = new Map<string, { info: MediaTypeInfo; others: MediaTypeInfo[]; scalar?: string }>();
    for (const info of mediaTypes(document)) {
      if (!carriesJsonText(info.mediaType) || info.media.schema === undefined) continue;
      const path = [...info.path, 'schema'];
      const layers = schemaLayers(document, info.media.schema, path);
      if (layers.length === 0) continue;
      // What the body is, read from its merged `allOf` and every `oneOf`/`anyOf` branch (L01).
      const bareArray = alwaysArray(document, info.media.schema, path);
      // A bare boolean, number or string is no more an object than an array is (issue 37).
      // An error body that is not an object is platform-problem-schema's one finding (one cause, one
      // owner), and the description served at `/openapi.json` is the OpenAPI document's own shape.
      const scalar =
        bareArray ||
        (info.kind === 'response' && !info.statuses.some((status) => statusClass(status) === '2')) ||
        info.operations.some((op) => DESCRIPTION_PATH.test(op.pathKey))
          ? undefined
          : bareScalar(info.mediaType, layers);
      if (!bareArray && scalar === undefined) continue;
      const key = `${encodePointer(info.path.slice(0, -2))}\u0000${scalar ?? 'array'}`;
      const found = byBody.get(key);
      if (found) found.others.push(info);
      else byBody.set(key, { info, others: [], ...(scalar !== undefined ? { scalar } : {}) });
    }
    for (const { info, others, scalar } of byBody.values()) {
      const op = info.operations.length === 1 ? info.operations[0] : undefined;
      const also = others.length > 0 ? ` (also as ${others.map((other) => show(other.mediaType)).join(', ')})` : '';
      const where =
        info.kind === 'request'
          ? `The ${show(info.mediaType)} request body${also}${op ? ` of \`${op.method.toUpperCase()} ${op.pathKey}\`` : ''}`
          : `The ${show(info.mediaType)} response body${also}${op ? ` of \`${op.method.toUpperCase()} ${op.pathKey}\`` : ''}${info.statuses.length > 0 ? ` (${info.statuses.join(', ')})` : ''}`;
      if (scalar !== undefined) {
        problems.push({
          message: `${where} is a bare ${scalar}, not a JSON object; put the value in a named member, e.g. ${HOLDER[scalar] ?? '`{ value: ... }`'}, so the body can grow without breaking callers.`,
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

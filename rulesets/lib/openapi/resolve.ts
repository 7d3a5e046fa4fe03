/**
 * Following local `$ref`s, and what a schema stands for once they are followed: its effective
 * schema, its layers (single-branch wrappers), its types and its properties.
 *
 * Only local `$ref`s (`#/...`) are followed: `vottur lint` bundles multi-file descriptions into
 * one document first, and under the stock Spectral CLI an external reference is simply not
 * followed by these helpers (the rule stays silent rather than guessing).
 */
import { MAX_SCHEMA_DEPTH, noteLimit } from './limits.js';
import { decodePointer } from './pointer.js';
import { isArray, isObject, type Document, type JsonPath, type Schema } from './types.js';

const pointerCache = new WeakMap<object, Map<string, { value: unknown; path: JsonPath } | null>>();

const anchorCache = new WeakMap<object, Map<string, Array<{ value: unknown; path: JsonPath }>>>();

/** `$dynamicAnchor` names of every schema resource of a document (embedded ones too), with how many declare each. */
const dynamicAnchorCache = new WeakMap<object, Map<string, number>>();

/** Subtrees that hold data, not schemas: an `$anchor` member there names nothing. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'const', 'enum', 'default', 'value']);

/** The most objects the anchor index visits: a bound on hostile input, far beyond any description. */
const MAX_ANCHOR_VISITS = 2_000_000;

/**
 * The document's plain-name fragments (JSON Schema 2020-12, 8.2.2 and 8.2.3): every `$anchor` and
 * `$dynamicAnchor` of the document's own schema resource, by name. An anchor under a subschema with
 * its own `$id` belongs to that resource, not the document, and is not listed. Walked once per
 * document, iteratively, at most MAX_ANCHOR_VISITS objects.
 */
function anchorsOf(document: Document): Map<string, Array<{ value: unknown; path: JsonPath }>> {
  const cached = anchorCache.get(document);
  if (cached) return cached;
  const anchors = new Map<string, Array<{ value: unknown; path: JsonPath }>>();
  anchorCache.set(document, anchors);
  const stack: Array<{ node: unknown; path: JsonPath }> = [{ node: document, path: [] }];
  for (let visits = 0, next = stack.pop(); next && visits < MAX_ANCHOR_VISITS; visits++, next = stack.pop()) {
    const { node, path } = next;
    if (isArray(node)) {
      node.forEach((item, index) => stack.push({ node: item, path: [...path, index] }));
      continue;
    }
    if (!isObject(node)) continue;
    if (path.length > 0 && typeof node.$id === 'string') continue;
    for (const key of ['$anchor', '$dynamicAnchor'] as const) {
      const name = node[key];
      if (typeof name !== 'string') continue;
      const list = anchors.get(name) ?? [];
      if (!list.some((entry) => entry.value === node)) list.push({ value: node, path });
      anchors.set(name, list);
    }
    for (const [key, value] of Object.entries(node)) {
      if (DATA_KEYWORDS.has(key) || key.startsWith('x-')) continue;
      if (typeof value === 'object' && value !== null) stack.push({ node: value, path: [...path, key] });
    }
  }
  return anchors;
}

/**
 * How many schemas of the whole document, in any schema resource (under a `$id` too), declare each
 * `$dynamicAnchor` name: the candidates a `$dynamicRef`'s dynamic scope may reach. Walked once per
 * document, iteratively, at most MAX_ANCHOR_VISITS objects.
 */
function dynamicAnchorsEverywhere(document: Document): Map<string, number> {
  const cached = dynamicAnchorCache.get(document);
  if (cached) return cached;
  const counts = new Map<string, number>();
  dynamicAnchorCache.set(document, counts);
  const stack: unknown[] = [document];
  for (
    let visits = 0, node = stack.pop();
    node !== undefined && visits < MAX_ANCHOR_VISITS;
    visits++, node = stack.pop()
  ) {
    if (isArray(node)) {
      stack.push(...node);
      continue;
    }
    if (!isObject(node)) continue;
    if (typeof node.$dynamicAnchor === 'string')
      counts.set(node.$dynamicAnchor, (counts.get(node.$dynamicAnchor) ?? 0) + 1);
    for (const [key, value] of Object.entries(node)) {
      if (DATA_KEYWORDS.has(key) || key.startsWith('x-')) continue;
      if (typeof value === 'object' && value !== null) stack.push(value);
    }
  }
  return counts;
}

/**
 * Why a `$dynamicRef` (JSON Schema 2020-12, 8.2.3.2) at `path` cannot be read as the `$ref` it
 * resembles, or undefined when it names what a `$ref` would. It starts where a `$ref` would, but
 * when that start is a `$dynamicAnchor` of the fragment's name, the target is the outermost schema
 * in the evaluation's dynamic scope declaring that name: another schema, unless the document
 * declares the name once. Its base URI is that of the resource it stands in: under an embedded
 * `$id` a fragment names that resource's anchors, not the document's; and a `$dynamicRef` to
 * another document is never fetched (the loader bundles `$ref`s only). Such a reference is not
 * followed, and the place is noted as a bound the walks did not read through (limits.ts).
 */
function dynamicRefUnfollowable(document: Document, ref: string, path: JsonPath): string | undefined {
  const shown = `\`$dynamicRef: ${JSON.stringify(ref).slice(0, 120)}\``;
  if (!ref.startsWith('#')) return `${shown}, which names another document (not read)`;
  if (underEmbeddedResource(document, path))
    return `${shown} under a schema with its own \`$id\` (its fragment names that resource's anchors, which vottur does not resolve)`;
  if (ref === '#' || ref.startsWith('#/')) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined; // Names nothing: lookupLocalRef says so, as for a `$ref`.
  }
  const target = anchorsOf(document).get(name);
  const start = target?.length === 1 ? target[0]?.value : undefined;
  if (!isObject(start) || start.$dynamicAnchor !== name) return undefined;
  const declared = dynamicAnchorsEverywhere(document).get(name) ?? 0;
  return declared > 1
    ? `${shown}, whose target depends on the schema evaluated (${declared} schemas declare \`$dynamicAnchor: ${JSON.stringify(name).slice(0, 60)}\`)`
    : undefined;
}

/**
 * The innermost schema resource `path` stands in below the root (an object with its own `$id` on
 * the way down, the node at `path` included), as its path; undefined for the document's own.
 */
export function embeddedResourceAt(document: Document, path: JsonPath): JsonPath | undefined {
  let node: unknown = document;
  let found: JsonPath | undefined;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i] as string | number;
    if (isArray(node)) node = node[Number(segment)];
    else if (isObject(node)) node = node[String(segment)];
    else return found;
    if (isObject(node) && typeof node.$id === 'string') found = path.slice(0, i + 1);
  }
  return found;
}

/**
 * `lookupLocalRef` against the schema resource a reference at `at` stands in (JSON Schema
 * 2020-12, 8.2.1: a reference is resolved against its base URI, which an embedded `$id` sets):
 * under a `$id`, a fragment (`#/$defs/a`, `#a`) names that resource's schema, not the document's
 * (issue 34: it was read against the whole document: a schema at the same pointer there, or none).
 */
export function lookupRefAt(document: Document, ref: string, at: JsonPath): { value: unknown; path: JsonPath } | null {
  const scope = ref.startsWith('#') ? embeddedResourceAt(document, at) : undefined;
  if (scope === undefined) return lookupLocalRef(document, ref);
  let resource: unknown = document;
  for (const segment of scope)
    resource = isArray(resource) ? resource[Number(segment)] : isObject(resource) ? resource[segment] : undefined;
  const found = isObject(resource) ? lookupLocalRef(resource, ref) : null;
  return found && { value: found.value, path: [...scope, ...found.path] };
}

/** Whether `path` runs through (or ends at) an object below the root that has its own `$id`. */
function underEmbeddedResource(document: Document, path: JsonPath): boolean {
  let node: unknown = document;
  for (const segment of path) {
    if (isArray(node) && typeof segment === 'number') node = node[segment];
    else if (isObject(node)) node = node[String(segment)];
    else return false;
    if (isObject(node) && typeof node.$id === 'string') return true;
  }
  return false;
}

/**
 * The value a local reference points at, or null when there is none (or more than one): a JSON
 * pointer (`#/a/b`, `#` for the whole document), or a plain-name fragment (`#pet`) naming the one
 * `$anchor` or `$dynamicAnchor` of that name in the document's schema resource, as JSON Schema
 * 2020-12 (OpenAPI 3.1) resolves it. Memoised per document.
 */
export function lookupLocalRef(document: Document, ref: string): { value: unknown; path: JsonPath } | null {
  if (!ref.startsWith('#')) return null;
  if (ref !== '#' && !ref.startsWith('#/')) {
    let name = ref.slice(1);
    try {
      name = decodeURIComponent(name);
    } catch {
      return null;
    }
    const found = anchorsOf(document).get(name);
    return found?.length === 1 ? (found[0] ?? null) : null;
  }
  let cache = pointerCache.get(document);
  if (!cache) {
    cache = new Map();
    pointerCache.set(document, cache);
  }
  const cached = cache.get(ref);
  if (cached !== undefined) return cached;
  let node: unknown = document;
  const path = decodePointer(ref);
  // A segment that indexes a list is a number in the path, as the engine's paths have it.
  const resolvedPath: JsonPath = [];
  for (const segment of path) {
    if (isArray(node) && /^(?:0|[1-9]\d*)$/.test(segment) && Number(segment) < node.length) {
      node = node[Number(segment)];
      resolvedPath.push(Number(segment));
    } else if (isObject(node) && Object.prototype.hasOwnProperty.call(node, segment)) {
      node = node[segment];
      resolvedPath.push(segment);
    } else {
      cache.set(ref, null);
      return null;
    }
  }
  const result = { value: node, path: resolvedPath };
  cache.set(ref, result);
  return result;
}

export interface Resolved {
  /** The node itself, after following any chain of local `$ref`s (undefined when one does not resolve). */
  value: unknown;
  /** Where the node is defined (the target of the last `$ref`). */
  path: JsonPath;
  /** True when a `$ref` was followed. */
  viaRef: boolean;
  /** True when the chain was longer than MAX_REF_HOPS: the value is unknown, not absent. */
  limitReached?: true;
}

/** The longest chain of `$ref`s to `$ref`s followed; no real description comes near it. */
export const MAX_REF_HOPS = 64;

/**
 * The reference a node makes: its `$ref`, or its `$dynamicRef` (2020-12). Whether a `$dynamicRef`
 * may be followed as a `$ref` is `resolve`'s to judge (`dynamicRefUnfollowable`).
 */
export function referenceOf(node: unknown): string | undefined {
  if (!isObject(node)) return undefined;
  if (typeof node.$ref === 'string') return node.$ref;
  return typeof node.$dynamicRef === 'string' ? node.$dynamicRef : undefined;
}

/**
 * A `$dynamicRef` node (no `$ref`) that cannot be read as a `$ref`: noted where it stands, and
 * the value unknown (`limitReached`), never another schema's.
 */
function unfollowedDynamicRef(
  document: Document,
  node: unknown,
  path: JsonPath,
  viaRef: boolean,
): Resolved | undefined {
  if (!isObject(node) || typeof node.$ref === 'string' || typeof node.$dynamicRef !== 'string') return undefined;
  const why = dynamicRefUnfollowable(document, node.$dynamicRef, path);
  if (why === undefined) return undefined;
  noteLimit(
    document,
    [...path, '$dynamicRef'],
    why,
    'Where the schema it means is fixed, write a `$ref` to it; vottur reads a `$dynamicRef` only where it names what a `$ref` would.',
  );
  return { value: undefined, path, viaRef, limitReached: true };
}

/** Follows local `$ref`s (and `$dynamicRef`s that name what a `$ref` would) from `node` (found at `path`) to the node they name. */
export function resolve(document: Document, node: unknown, path: JsonPath): Resolved {
  let current = node;
  let currentPath = path;
  let viaRef = false;
  for (let hops = 0, ref = referenceOf(current); ref !== undefined && hops < MAX_REF_HOPS; hops++) {
    const dynamic = unfollowedDynamicRef(document, current, currentPath, viaRef);
    if (dynamic) return dynamic;
    const target = lookupRefAt(document, ref, currentPath);
    if (!target) return { value: undefined, path: currentPath, viaRef: true };
    current = target.value;
    currentPath = target.path;
    viaRef = true;
    ref = referenceOf(current);
  }
  if (referenceOf(current) !== undefined) return chainTooLong(document, currentPath, viaRef);
  return { value: current, path: currentPath, viaRef };
}

/** A chain past MAX_REF_HOPS: unknown, not absent, and noted so the lint reports it. */
function chainTooLong(document: Document, path: JsonPath, viaRef: boolean): Resolved {
  noteLimit(document, path, `a chain of more than ${MAX_REF_HOPS} \`$ref\`s`);
  return { value: undefined, path, viaRef, limitReached: true };
}

/**
 * `resolve`, stopping at a `$ref` that has sibling keywords (OpenAPI 3.1: `{$ref: B,
 * unevaluatedProperties: false}` is B and the siblings together): the object with the siblings is
 * the result, for the caller to read with its target (flatten.ts `allOfLayers`, the diff's
 * fingerprint). Following such a chain to its end dropped the siblings (issue 34, N3).
 */
export function resolveToSiblings(document: Document, node: unknown, path: JsonPath): Resolved {
  let current = node;
  let currentPath = path;
  let viaRef = false;
  for (let hops = 0; hops < MAX_REF_HOPS; hops++) {
    const ref = referenceOf(current);
    if (ref === undefined || hasSiblings(current)) return { value: current, path: currentPath, viaRef };
    const dynamic = unfollowedDynamicRef(document, current, currentPath, viaRef);
    if (dynamic) return dynamic;
    const target = lookupRefAt(document, ref, currentPath);
    if (!target) return { value: undefined, path: currentPath, viaRef: true };
    current = target.value;
    currentPath = target.path;
    viaRef = true;
  }
  if (referenceOf(current) !== undefined && !hasSiblings(current)) return chainTooLong(document, currentPath, viaRef);
  return { value: current, path: currentPath, viaRef };
}

/** True for a `$ref` (or `$dynamicRef`) object with other keywords beside it. */
export function hasSiblings(node: unknown): boolean {
  return isObject(node) && Object.keys(node).some((key) => key !== '$ref' && key !== '$dynamicRef');
}

/**
 * Whether a walk through one-branch wrappers has reached its bound at `hops`; when it has, the place
 * is noted (limits.ts): what the wrappers wrap is not read, which is a finding, never silence.
 */
function wrappersTooDeep(document: Document, hops: number, path: JsonPath): boolean {
  if (hops < MAX_SCHEMA_DEPTH) return false;
  noteLimit(
    document,
    path,
    `one-branch \`allOf\`/\`oneOf\`/\`anyOf\` wrappers nested more than ${MAX_SCHEMA_DEPTH} deep`,
  );
  return true;
}

/**
 * What a schema stands for after following `$ref`s and looking through a single-branch
 * `allOf`/`oneOf`/`anyOf` wrapper (a common way to add a description to a reference).
 */
export function effectiveSchema(document: Document, schema: unknown, path: JsonPath): Resolved {
  let resolved = resolve(document, schema, path);
  for (let hops = 0; isObject(resolved.value); hops++) {
    const value: Schema = resolved.value;
    if (wrappersTooDeep(document, hops, resolved.path)) break;
    const wrapper = (['allOf', 'oneOf', 'anyOf'] as const).find(
      (key) => isArray(value[key]) && value[key].length === 1,
    );
    if (!wrapper || value.type !== undefined || value.properties !== undefined) break;
    const branches = value[wrapper];
    if (!isArray(branches)) break;
    resolved = resolve(document, branches[0], [...resolved.path, wrapper, 0]);
  }
  return resolved;
}

/**
 * The JSON Schema type(s) of a schema (`type: [string, 'null']` in 3.1 gives both); none for what
 * is not a schema object. A schema with `items` and no `type` is an array: `items` says what its
 * elements are, and a description that lists `results: { items: {...} }` means a list (a
 * generator's or a hand's omission, not an untyped value).
 */
export function schemaTypes(schema: unknown): string[] {
  if (!isObject(schema)) return [];
  if (typeof schema.type === 'string') return [schema.type];
  if (isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  if (schema.items !== undefined) return ['array'];
  return [];
}

/** One layer of what a schema stands for (see `schemaLayers`). */
export interface SchemaLayer {
  schema: Schema;
  /** Where this layer is defined. */
  path: JsonPath;
}

function isNullSchema(schema: unknown): boolean {
  return (
    isObject(schema) &&
    (schema.type === 'null' || (isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null))
  );
}

/**
 * The layers a schema is made of, outermost first: the schema itself (after `$ref`s), then what
 * it stands for through single-branch `allOf`/`oneOf`/`anyOf` wrappers and `oneOf`/`anyOf`
 * lists with one non-null branch (3.1's `anyOf: [X, {type: 'null'}]`). A layer that declares
 * `properties` ends the chain (it adds members; it does not wrap). A keyword's effective value
 * is the first layer's that has it (`layerKeyword`); a rule reports a missing keyword at the
 * last layer, where the schema is defined.
 */
export function schemaLayers(document: Document, schema: unknown, path: JsonPath): SchemaLayer[] {
  const layers: SchemaLayer[] = [];
  let current = resolve(document, schema, path);
  for (let hops = 0; isObject(current.value); hops++) {
    const value: Schema = current.value;
    if (wrappersTooDeep(document, hops, current.path)) break;
    layers.push({ schema: value, path: current.path });
    if (value.properties !== undefined) break;
    let next: { schema: unknown; path: JsonPath } | undefined;
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
      const list = value[key];
      if (!isArray(list)) continue;
      // The one branch that is not the null schema, if there is exactly one.
      let only = -1;
      let count = 0;
      for (let index = 0; index < list.length && count < 2; index++) {
        if (isNullSchema(list[index])) continue;
        if (count++ === 0) only = index;
      }
      if (count === 1 && (list.length === 1 || key !== 'allOf')) {
        next = { schema: list[only], path: [...current.path, key, only] };
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

/**
 * The types of what a chain of layers stands for: the first layer's that declares `type`, else
 * `array` when some layer declares `items` (see `schemaTypes`), else none.
 */
export function layerTypes(layers: SchemaLayer[]): string[] {
  const declared = layerKeyword(layers, 'type');
  if (declared) return schemaTypes(declared.layer.schema);
  return layerKeyword(layers, 'items') ? ['array'] : [];
}

/** The first layer that has `keyword`, its value and the path to it. */
export function layerKeyword(
  layers: SchemaLayer[],
  keyword: keyof Schema,
): { value: unknown; path: JsonPath; layer: SchemaLayer } | undefined {
  for (const layer of layers) {
    if (layer.schema[keyword] !== undefined)
      return { value: layer.schema[keyword], path: [...layer.path, keyword], layer };
  }
  return undefined;
}

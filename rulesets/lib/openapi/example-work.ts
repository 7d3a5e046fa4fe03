/**
 * The work of validating one example against its schema, measured before ajv runs (issue 34,
 * attack r16 B4: a 1.2 MB example against `{type: array, uniqueItems: true}` of objects took
 * `lint --gate` 148 s, as ajv compares object items pair by pair). What grows faster than the
 * value is charged: `uniqueItems` over items it cannot hash (n² / 2 pairs) and a `pattern` run
 * over a string (pattern length × string length). Shared with the contract checks
 * (src/contract/schema-work.ts), which charge the same keywords to their validation work.
 */
import { MAX_SCHEMA_DEPTH } from './limits.js';
import { resolve, referenceOf } from './resolve.js';
import { isArray, isObject, type Document, type JsonPath } from './types.js';

/** Pairs of items ajv's `uniqueItems` compares for the work of one schema application. */
export const PAIRS_PER_APPLICATION = 10;
/** Steps of the linear-time pattern engine (pattern length × string length) for one schema application. */
export const PATTERN_STEPS_PER_APPLICATION = 100;

/** Steps of a deep equality (`enum`, `const`: a node compared, a key listed) for one schema application. */
export const COMPARISONS_PER_APPLICATION = 10;

/** The types ajv's uniqueItems compares by a hash in one pass, not pair by pair. */
const HASHED_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/** The work of `uniqueItems`, `pattern`, `enum` and `const` of `schema` on one value node (0 where none applies), in schema applications. */
export function valueSizedWork(schema: Record<string, unknown>, node: unknown): number {
  return uniqueOrPatternWork(schema, node) + equalityWork(schema, node) / COMPARISONS_PER_APPLICATION;
}

function uniqueOrPatternWork(schema: Record<string, unknown>, node: unknown): number {
  if (Array.isArray(node) && schema.uniqueItems === true && node.length > 1) {
    const items = isObject(schema.items) ? schema.items.type : undefined;
    const types = typeof items === 'string' ? [items] : Array.isArray(items) ? items : [];
    const hashed = types.length > 0 && types.every((type) => typeof type === 'string' && HASHED_TYPES.has(type));
    if (hashed) return node.length;
    // Each pair is a deep equality: fast-deep-equal lists both items' keys before it compares them
    // (o34r18 B11: 3,100 distinct objects of 60 members, charged as pairs alone, ran 59 s unbounded).
    let width = 0;
    for (const item of node)
      width += typeof item === 'object' && item !== null ? Object.keys(item as object).length : 1;
    const pairCost = 1 + (2 * width) / node.length / COMPARISONS_PER_APPLICATION;
    return ((node.length * (node.length - 1)) / 2 / PAIRS_PER_APPLICATION) * pairCost;
  }
  if (typeof node === 'string' && typeof schema.pattern === 'string')
    return (node.length * schema.pattern.length) / PATTERN_STEPS_PER_APPLICATION;
  return 0;
}

/** What the comparisons of one schema's `enum` and `const` cost, measured once per schema. */
interface Equality {
  /** Scalar entries: ajv compares them with `===`, one step each whatever the value. */
  scalars: number;
  /** The node counts of the object and array entries, ascending, and their running sums (`sums[i]`: the first i). */
  sizes: number[];
  sums: number[];
  /** The deepest object or array entry's depth (an entry `{a: 1}` is 1). */
  depth: number;
}

const equalities = new WeakMap<Record<string, unknown>, Equality | null>();

function equalityOf(schema: Record<string, unknown>): Equality | null {
  const known = equalities.get(schema);
  if (known !== undefined) return known;
  const entries = [...(Array.isArray(schema.enum) ? (schema.enum as unknown[]) : [])];
  if (Object.hasOwn(schema, 'const')) entries.push(schema.const);
  let found: Equality | null = null;
  if (entries.length > 0) {
    const shapes = entries.filter((entry) => typeof entry === 'object' && entry !== null);
    const measured = shapes.map((entry) => nodesAndDepth(entry));
    const sizes = measured.map(([size]) => size).sort((a, b) => a - b);
    const sums = [0];
    for (const size of sizes) sums.push((sums.at(-1) ?? 0) + size);
    // A loop, not Math.max(...list): an enum of some hundred thousand entries is past the arguments' bound.
    const depth = measured.reduce((deepest, [, depth]) => Math.max(deepest, depth), 0);
    found = { scalars: entries.length - shapes.length, sizes, sums, depth };
  }
  equalities.set(schema, found);
  return found;
}

/**
 * The steps of checking `node` against the schema's `enum` and `const`: every entry it may be
 * compared with (ajv stops at the first equal one; the measure assumes none is). A scalar entry,
 * or a scalar value, is one step. An object or array entry against an object or array value is
 * the deep equality ajv uses (fast-deep-equal): at most the smaller of the two node counts in
 * pairs compared, the entry's keys listed (at most its node count), and the value's keys listed
 * at every level the entry reaches (fast-deep-equal lists both objects' keys before it compares
 * their counts, so a wide value costs its width against a small entry).
 */
export function equalityWork(schema: Record<string, unknown>, node: unknown): number {
  const equality = equalityOf(schema);
  if (equality === null) return 0;
  const { scalars, sizes, sums, depth } = equality;
  if (sizes.length === 0 || typeof node !== 'object' || node === null) return scalars + sizes.length;
  const largest = sizes.at(-1) ?? 0;
  const { size, reach } = valueProfile(node, largest, depth);
  // Entries no larger than the value cost their own size; the larger ones, the value's.
  let smaller = 0;
  for (let high = sizes.length; smaller < high;) {
    const middle = (smaller + high) >>> 1;
    if ((sizes[middle] ?? 0) <= size) smaller = middle + 1;
    else high = middle;
  }
  const pairs = (sums[smaller] ?? 0) + (sizes.length - smaller) * size;
  return scalars + pairs + (sums.at(-1) ?? 0) + sizes.length * reach;
}

/**
 * The value's node count up to `cap` (no entry compares more), and its nodes at levels 1 to
 * `depth + 1` (the keys fast-deep-equal may list at the levels an entry of that depth reaches).
 */
function valueProfile(value: unknown, cap: number, depth: number): { size: number; reach: number } {
  let size = 0;
  let reach = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, level] = next;
    if (size < cap) size++;
    if (level >= 1 && level <= depth + 1) reach++;
    if (typeof node === 'object' && node !== null && (size < cap || level <= depth))
      for (const child of Object.values(node)) stack.push([child, level + 1]);
  }
  return { size, reach };
}

/** A JSON value's node count and depth (a scalar is 1 node of depth 0), iteratively. */
function nodesAndDepth(value: unknown): [number, number] {
  let nodes = 0;
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, level] = next;
    nodes++;
    deepest = Math.max(deepest, level);
    if (typeof node === 'object' && node !== null)
      for (const child of Object.values(node)) stack.push([child, level + 1]);
  }
  return [nodes, deepest];
}

/**
 * The work of validating an example: one per schema applied to a value node, plus each
 * application's `valueSizedWork`. Schemas applied in place (`$ref`, `allOf`, `anyOf`, `oneOf`,
 * `not`, `if`/`then`/`else`) and to members and items (`properties`, `additionalProperties`,
 * `items`, `prefixItems`) are followed, to MAX_SCHEMA_DEPTH. Past `limit` the walk stops and the
 * work is infinite: the measure costs at most `limit` steps.
 */
export function exampleWork(
  document: Document,
  schema: unknown,
  schemaPath: JsonPath,
  value: unknown,
  limit: number,
): number {
  let total = 0;
  const pending: Array<[unknown, JsonPath, unknown, number]> = [[schema, schemaPath, value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, path, data, depth] = next;
    if (!isObject(node) || depth > MAX_SCHEMA_DEPTH) continue;
    total += 1 + valueSizedWork(node, data);
    if (total > limit) return Number.POSITIVE_INFINITY;
    if (referenceOf(node) !== undefined) {
      const target = resolve(document, node, path);
      if (target.value !== node) pending.push([target.value, target.path, data, depth + 1]);
    }
    for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
      const list = node[keyword];
      if (isArray(list)) list.forEach((sub, i) => pending.push([sub, [...path, keyword, i], data, depth + 1]));
    }
    for (const keyword of ['not', 'if', 'then', 'else'])
      if (isObject(node[keyword])) pending.push([node[keyword], [...path, keyword], data, depth + 1]);
    if (isArray(data)) {
      const prefix = isArray(node.prefixItems) ? node.prefixItems : isArray(node.items) ? node.items : [];
      data.forEach((item, i) => {
        const sub = i < prefix.length ? prefix[i] : isObject(node.items) ? node.items : undefined;
        const at =
          i < prefix.length ? [...path, isArray(node.prefixItems) ? 'prefixItems' : 'items', i] : [...path, 'items'];
        if (sub !== undefined) pending.push([sub, at, item, depth + 1]);
      });
    } else if (isObject(data)) {
      const properties = isObject(node.properties) ? node.properties : {};
      const extra = isObject(node.additionalProperties) ? node.additionalProperties : undefined;
      for (const key of Object.keys(data)) {
        if (Object.hasOwn(properties, key))
          pending.push([properties[key], [...path, 'properties', key], data[key], depth + 1]);
        else if (extra !== undefined) pending.push([extra, [...path, 'additionalProperties'], data[key], depth + 1]);
      }
    }
  }
  return total;
}

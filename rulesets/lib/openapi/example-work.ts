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

/** The types ajv's uniqueItems compares by a hash in one pass, not pair by pair. */
const HASHED_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/** The work of `uniqueItems` and `pattern` of `schema` on one value node (0 where neither applies), in schema applications. */
export function valueSizedWork(schema: Record<string, unknown>, node: unknown): number {
  if (Array.isArray(node) && schema.uniqueItems === true && node.length > 1) {
    const items = isObject(schema.items) ? schema.items.type : undefined;
    const types = typeof items === 'string' ? [items] : Array.isArray(items) ? items : [];
    const hashed = types.length > 0 && types.every((type) => typeof type === 'string' && HASHED_TYPES.has(type));
    return hashed ? node.length : (node.length * (node.length - 1)) / 2 / PAIRS_PER_APPLICATION;
  }
  if (typeof node === 'string' && typeof schema.pattern === 'string')
    return (node.length * schema.pattern.length) / PATTERN_STEPS_PER_APPLICATION;
  return 0;
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

/**
 * The work one call of Spectral's `schema` function asks of ajv, counted before ajv runs (issue
 * 34, attack r10 B5): one call validates its whole value inside Spectral's synchronous walk, where
 * the run's budget is only judged after it returns. A 600-node `anyOf` over an array of 1,000,000
 * `{}` was one call of 237 s. ajv's cost is about one unit of the run's budget (~1 µs) for each
 * schema node it applies to each value, so the count walks the value with the schema as ajv's
 * applicators do (`items` to every item, `properties` to the values they name, `anyOf`, `allOf`,
 * `not`, `if` to the same value, local `$ref`s followed) and stops as soon as it passes `limit`:
 * counting costs at most what the budget allows, whatever the call would have cost.
 *
 * It is an upper bound: every branch of a combinator, and both `then` and `else`, are counted as
 * if ajv ran them all. A policy's loader already refuses what the count could not see (a `$ref`
 * out of the schema or back into itself, `$id`, `uniqueItems`, `pattern`), so the schema a call
 * meets is a finite tree of at most 20,000 nodes (src/policy/ruleset.ts).
 */

import { ajvFragmentTarget } from '../../rulesets/lib/openapi/pointer.js';

type Node = Record<string, unknown>;

const isObject = (value: unknown): value is Node => typeof value === 'object' && value !== null;
const isPlainObject = (value: unknown): value is Node => isObject(value) && !Array.isArray(value);

/** Characters of a string ajv reads for one `minLength`, `maxLength` or `format` (it counts them one by one). */
const CHARACTERS_PER_UNIT = 64;

/**
 * A schema node as the count reads it: what applies to the same value, to items, to keys. A class
 * with every field set in one order, so the count's loop reads one shape (it runs millions of times).
 */
class Counted {
  /** `$ref`'s target, `allOf`/`anyOf`/`oneOf` branches, `not`, `if`, `then`, `else`. */
  same: Counted[] = [];
  /** `dependentSchemas`/`dependencies`: each applies (or, as a list, is read) when the value has its key. */
  dependencies: Array<[string, Counted | number]> = [];
  /** `enum` entries (each compared with the value) and `const`. */
  compared = 0;
  /** `minLength`, `maxLength`, `format`: each reads a string's every character. */
  stringReads = 0;
  /** `items` as a list, or `prefixItems`: applied to the item at the same index. */
  tuple: Counted[] = [];
  /** `items` as one schema, `additionalItems`, `contains`, `unevaluatedItems`: applied to every item. */
  everyItem: Counted[] = [];
  required = 0;
  properties: Array<[string, Counted]> = [];
  /** `additionalProperties`, `unevaluatedProperties`: applied to every key's value. */
  everyValue: Counted[] = [];
  propertyNames: Counted | undefined = undefined;
  /** Keywords that read every key of an object once (`minProperties`, `maxProperties`, and the above). */
  keyReads = 0;
}

const LEAF = new Counted();

/** Each schema read once, for every call that applies it (a rule's schema is the same object at every match). */
const compiledSchemas = new WeakMap<object, Counted>();

function compile(root: unknown): Counted {
  if (!isObject(root)) return LEAF;
  const known = compiledSchemas.get(root);
  if (known) return known;
  const memo = new Map<unknown, Counted>();
  const read = (node: unknown): Counted => {
    if (!isPlainObject(node)) return LEAF;
    const seen = memo.get(node);
    if (seen) return seen;
    const counted = new Counted();
    // Set before its parts are read: a `$ref` back to a node being read (a policy refuses one) ends here.
    memo.set(node, counted);
    const schema = (value: unknown) => (value === undefined ? undefined : read(value));
    const ref = node.$ref;
    if (typeof ref === 'string' && ref.startsWith('#')) counted.same.push(read(ajvFragmentTarget(root, ref)));
    for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
      const list = node[keyword];
      if (Array.isArray(list)) for (const sub of list) counted.same.push(read(sub));
    }
    for (const keyword of ['not', 'if', 'then', 'else']) {
      const sub = schema(node[keyword]);
      if (sub) counted.same.push(sub);
    }
    for (const keyword of ['dependentSchemas', 'dependencies']) {
      const map = node[keyword];
      if (isPlainObject(map))
        for (const [key, sub] of Object.entries(map))
          counted.dependencies.push([key, Array.isArray(sub) ? sub.length : read(sub)]);
    }
    counted.compared = (Array.isArray(node.enum) ? node.enum.length : 0) + (node.const !== undefined ? 1 : 0);
    counted.stringReads = ['minLength', 'maxLength', 'format'].filter((keyword) => node[keyword] !== undefined).length;
    const items = node.items;
    if (Array.isArray(items)) counted.tuple = items.map(read);
    else if (Array.isArray(node.prefixItems)) counted.tuple = node.prefixItems.map(read);
    for (const sub of [
      Array.isArray(items) ? undefined : items,
      node.additionalItems,
      node.contains,
      node.unevaluatedItems,
    ]) {
      const compiled = schema(sub);
      if (compiled) counted.everyItem.push(compiled);
    }
    if (Array.isArray(node.required)) counted.required = node.required.length;
    if (isPlainObject(node.properties))
      counted.properties = Object.entries(node.properties).map(([key, sub]) => [key, read(sub)]);
    for (const keyword of ['additionalProperties', 'unevaluatedProperties']) {
      const compiled = schema(node[keyword]);
      if (compiled) counted.everyValue.push(compiled);
    }
    counted.propertyNames = schema(node.propertyNames);
    counted.keyReads =
      counted.everyValue.length +
      (counted.propertyNames ? 1 : 0) +
      (node.minProperties !== undefined ? 1 : 0) +
      (node.maxProperties !== undefined ? 1 : 0);
    return counted;
  };
  const compiled = read(root);
  compiledSchemas.set(root, compiled);
  return compiled;
}

/**
 * The units of work validating `value` against `schema` asks for: one per schema node applied to
 * one value, and per key or character for the keywords that read every key of an object or every
 * character of a string. Stops counting past `limit` (the result is then over it).
 */
export function schemaCheckWork(schema: unknown, value: unknown, limit: number): number {
  let work = 0;
  // Each pair a schema to apply to a value; a stack, not recursion, so no depth of either overflows.
  const schemas: Counted[] = [compile(schema)];
  const values: unknown[] = [value];
  while (schemas.length > 0 && work <= limit) {
    const node = schemas.pop() as Counted;
    const data = values.pop();
    work += 1;
    if (node === LEAF) continue;
    for (const sub of node.same) {
      schemas.push(sub);
      values.push(data);
    }
    const object = isPlainObject(data) ? data : undefined;
    // ajv compares an object with an `enum` entry or `const` key by key.
    if (node.compared > 0) {
      let keys = 0;
      if (object) for (const key in object) if (Object.hasOwn(object, key)) keys++;
      work += node.compared * (1 + keys);
    }
    if (typeof data === 'string') {
      work += node.stringReads * Math.ceil(data.length / CHARACTERS_PER_UNIT);
    } else if (Array.isArray(data)) {
      for (let i = 0; i < node.tuple.length && i < data.length; i++) {
        schemas.push(node.tuple[i] as Counted);
        values.push(data[i]);
      }
      for (const sub of node.everyItem) {
        work += data.length;
        // Counted before anything is stacked: a million items past the limit are never pushed.
        if (work > limit) break;
        for (const item of data as unknown[]) {
          schemas.push(sub);
          values.push(item);
        }
      }
    } else if (object) {
      work += node.required;
      for (const [key, sub] of node.dependencies) {
        work += 1;
        if (!Object.hasOwn(object, key)) continue;
        if (typeof sub === 'number') work += sub;
        else {
          schemas.push(sub);
          values.push(object);
        }
      }
      for (const [key, sub] of node.properties) {
        work += 1;
        if (Object.hasOwn(object, key)) {
          schemas.push(sub);
          values.push(object[key]);
        }
      }
      if (node.keyReads > 0) {
        if (node.everyValue.length === 0 && !node.propertyNames) {
          // Only counted (`minProperties`): no array of keys made for each of a million objects.
          let keys = 0;
          for (const key in object) if (Object.hasOwn(object, key)) keys++;
          work += node.keyReads * keys;
          continue;
        }
        const keys = Object.keys(object);
        work += node.keyReads * keys.length;
        if (work > limit) break;
        for (const sub of node.everyValue)
          for (const key of keys) {
            schemas.push(sub);
            values.push(object[key]);
          }
        if (node.propertyNames)
          for (const key of keys) {
            schemas.push(node.propertyNames);
            values.push(key);
          }
      }
    }
  }
  return work;
}

/**
 * Reading a parsed document or report in a test, typed: the value at a path (`unknown`, for
 * `expect` to judge) or the object that must be there (a clear error if it is not).
 */
import { valueAt } from '../rulesets/lib/openapi/json-schema.js';
import { encodePointer } from '../rulesets/lib/openapi/pointer.js';
import { isObject, type JsonObject, type JsonPath } from '../rulesets/lib/openapi/types.js';

export { valueAt };

/** The object at `path`; throws, naming the path, when there is none. */
export function objectAt(root: unknown, path: JsonPath): JsonObject {
  const value = valueAt(root, path);
  if (!isObject(value))
    throw new TypeError(`expected an object at ${encodePointer(path) || '/'}, found ${JSON.stringify(value)}`);
  return value;
}

/**
 * A value as JSON.parse or yaml's parse returns it, for the tests that read or edit one by paths
 * they wrote themselves: the diff cases' mutations of a small description, deep reads of the
 * reference description, response bodies and log lines. A wrong path fails the test with a
 * TypeError, and every value read is judged by `expect`; a guard at each step would say nothing
 * more. Everywhere else (and in tests where the reading is short) values are `unknown`, read with
 * `valueAt` and `objectAt`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests' one parsed-value type; why above
export type Parsed = any;

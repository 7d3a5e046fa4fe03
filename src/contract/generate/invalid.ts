/**
 * Values a schema refuses, for the negative cases of the fuzz phase: the coverage phase's
 * deterministic past-the-boundary values and generated ones. Its own module because it reads both
 * the coverage cases and the arbitraries (which the coverage cases draw from): no import cycle.
 */
import fc, { type Arbitrary } from 'fast-check';
import { boundedFilter, pickFrom } from './bounded.js';
import { coverageCases } from './cases.js';
import type { FlatSchema } from './schema.js';
import { unicodeString } from './unicode.js';

/**
 * Values the schema refuses: the deterministic past-the-boundary values of the coverage phase,
 * and generated ones (a wrong type, a string past `maxLength`, a number out of range, a value
 * outside the enum). `undefined` when the schema accepts everything.
 */
export function invalidArbitrary(schema: FlatSchema): Arbitrary<unknown> | undefined {
  const fixed = coverageCases(schema)
    .filter((c) => !c.valid)
    .map((c) => c.value);
  const generated: Array<Arbitrary<unknown>> = [];
  const type = schema.types.find((t) => t !== 'null');
  const values = schema.enum;
  if (values && values.length > 0) {
    generated.push(boundedFilter(unicodeString(1, 12), (value) => !values.includes(value)));
  } else if (type === 'integer' || type === 'number') {
    generated.push(boundedFilter(unicodeString(1, 8), (value) => value.trim() === '' || Number.isNaN(Number(value))));
    // Past a bound by up to a million, where whole numbers are still exact (fast-check draws no others).
    const { maximum, minimum } = schema;
    if (maximum !== undefined && Number.isSafeInteger(Math.floor(maximum) + 1_000_000))
      generated.push(fc.integer({ min: Math.floor(maximum) + 1, max: Math.floor(maximum) + 1_000_000 }));
    if (minimum !== undefined && Number.isSafeInteger(Math.ceil(minimum) - 1_000_000))
      generated.push(fc.integer({ min: Math.ceil(minimum) - 1_000_000, max: Math.ceil(minimum) - 1 }));
  } else if ((type === 'string' || type === undefined) && schema.maxLength !== undefined && schema.maxLength < 4096) {
    generated.push(
      boundedFilter(
        unicodeString(schema.maxLength + 1, schema.maxLength + 16),
        (value) => [...value].length > (schema.maxLength ?? 0),
      ),
    );
  } else if (type === 'boolean') {
    generated.push(boundedFilter(unicodeString(1, 6), (value) => value !== 'true' && value !== 'false'));
  }
  const all = [...(fixed.length > 0 ? [pickFrom(fixed)] : []), ...generated];
  return all.length === 0 ? undefined : fc.oneof(...all);
}

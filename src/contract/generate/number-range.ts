/**
 * The numbers a schema accepts, as one closed range the generators draw from: its bounds (3.0's
 * boolean and 3.1's numeric `exclusiveMinimum`/`exclusiveMaximum` alike) rounded to whole numbers
 * for an integer and to `multipleOf`, and, where a side is open, a default spread placed inside
 * the other bound. A fixed default (±1,000,000) beside `minimum: 2000000` made an empty range,
 * and fast-check threw on it, ending a gated run with exit 2. `undefined` when no number
 * satisfies the schema (`minimum: 10, maximum: 5`): the run reports that as a
 * contract-generation-limit, and the generators draw nothing from a range that does not exist.
 */
import type { FlatSchema } from './schema.js';

/** How far an open side of the range reaches from the other bound (or from zero). */
const DEFAULT_SPREAD = 1_000_000;

export interface NumberRange {
  lowest: number;
  highest: number;
}

/** The next number above (`direction` 1) or below (-1) `value`, far enough that floating point sees it. */
function beside(value: number, direction: 1 | -1): number {
  return value + direction * Math.max(Math.abs(value) * Number.EPSILON * 2, Number.EPSILON);
}

export function numberRange(schema: FlatSchema, integer: boolean): NumberRange | undefined {
  let low: number | undefined;
  let high: number | undefined;
  if (schema.minimum !== undefined) {
    const { minimum } = schema;
    low = integer
      ? schema.exclusiveMinimum
        ? Math.floor(minimum) + 1
        : Math.ceil(minimum)
      : schema.exclusiveMinimum
        ? beside(minimum, 1)
        : minimum;
  }
  if (schema.maximum !== undefined) {
    const { maximum } = schema;
    high = integer
      ? schema.exclusiveMaximum
        ? Math.ceil(maximum) - 1
        : Math.floor(maximum)
      : schema.exclusiveMaximum
        ? beside(maximum, -1)
        : maximum;
  }
  // Beyond 2⁵³ a whole number plus one is the same number: an exclusive bound steps by what floating point sees.
  if (schema.exclusiveMinimum && low !== undefined && schema.minimum !== undefined && low <= schema.minimum)
    low = Math.ceil(beside(schema.minimum, 1));
  if (schema.exclusiveMaximum && high !== undefined && schema.maximum !== undefined && high >= schema.maximum)
    high = Math.floor(beside(schema.maximum, -1));
  let lowest = low ?? (high !== undefined && high < -DEFAULT_SPREAD ? high - 2 * DEFAULT_SPREAD : -DEFAULT_SPREAD);
  let highest = high ?? (lowest > DEFAULT_SPREAD ? lowest + 2 * DEFAULT_SPREAD : DEFAULT_SPREAD);
  const multiple = schema.multipleOf;
  if (multiple !== undefined) {
    const up = Math.ceil(lowest / multiple) * multiple;
    const down = Math.floor(highest / multiple) * multiple;
    // A multipleOf too small or too large for floating point to step by is left to the filter.
    if (Number.isFinite(up) && Number.isFinite(down)) {
      if (up > highest || down < lowest) {
        // No multiple in the range: empty when the schema bounds both sides, else the first multiple past the bound.
        if (low !== undefined && high !== undefined) return undefined;
        if (low !== undefined) lowest = highest = up;
        else lowest = highest = down;
      } else {
        lowest = up;
        highest = down;
      }
    }
  }
  if (integer) {
    lowest = Math.ceil(lowest);
    highest = Math.floor(highest);
  }
  if (!Number.isFinite(lowest) || !Number.isFinite(highest) || lowest > highest) return undefined;
  return { lowest, highest };
}

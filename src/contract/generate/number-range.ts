/**
 * The numbers a schema accepts, as one closed range the generators draw from: its bounds (3.0's
 * boolean and 3.1's numeric `exclusiveMinimum`/`exclusiveMaximum` alike) rounded to whole numbers
 * for an integer and to `multipleOf`, and, where a side is open, a default spread placed inside
 * the other bound. A fixed default (±1,000,000) beside `minimum: 2000000` made an empty range,
 * and fast-check threw on it, ending a gated run with exit 2. `undefined` when no number
 * satisfies the schema (`minimum: 10, maximum: 5`): the run reports that as a
 * contract-generation-limit, and the generators draw nothing from a range that does not exist.
 */
import { Decimal } from 'decimal.js';
import type { FlatSchema } from './schema.js';

/**
 * Exact decimal arithmetic for `multipleOf` (issue 34, attack B15): a description writes its bounds
 * and steps in decimal, and binary floating point cannot (`Math.ceil(0.12345 / 0.0001) * 0.0001` is
 * 0.12350000000000001, past `maximum: 0.1235`, so the range looked empty and the run said falsely
 * that no number satisfies it). The multiple is found in decimal, then written as the nearest double.
 */
const Exact = Decimal.clone({ precision: 64, toExpNeg: -400, toExpPos: 400, maxE: 9e15, minE: -9e15 });

/** The multiple of `multiple` nearest `value` in `direction` (exact in decimal), as a double; NaN when none is finite. */
export function multipleNear(value: number, multiple: number, direction: 'up' | 'down' | 'nearest'): number {
  if (!Number.isFinite(value) || !Number.isFinite(multiple) || multiple <= 0) return Number.NaN;
  const steps = new Exact(value).div(multiple);
  const whole = direction === 'up' ? steps.ceil() : direction === 'down' ? steps.floor() : steps.round();
  return whole.mul(multiple).toNumber();
}

/** Whether `value` is a whole multiple of `multiple`, in exact decimal (as the description writes both). */
export function isMultiple(value: number, multiple: number): boolean {
  if (!Number.isFinite(value) || !Number.isFinite(multiple) || multiple <= 0) return false;
  return new Exact(value).mod(multiple).isZero();
}

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
    const up = multipleNear(lowest, multiple, 'up');
    const down = multipleNear(highest, multiple, 'down');
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

/**
 * Issue 34, attack B15: `multipleOf 0.0001, minimum 0.12345, maximum 0.1235` was called a schema no
 * number satisfies, because floating point put the first multiple past the bound. The range is now
 * found in exact decimal (number-range.ts). The property: for any decimal step, any multiple of it
 * and any decimal bounds around that multiple (written as a description writes them), the range
 * exists, holds the multiple, and no contract-generation-limit claims the schema has no value.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generationLimits } from '../../src/contract/generate/limits.js';
import { isMultiple, numberRange } from '../../src/contract/generate/number-range.js';
import type { FlatSchema } from '../../src/contract/generate/schema.js';

/** A decimal written with `digits` after the point, from a whole number of those units. */
const decimal = (units: number, digits: number) => Number(`${units}e-${digits}`);

const schema = (minimum: number, maximum: number, multipleOf: number): FlatSchema => ({
  types: ['number'],
  minimum,
  maximum,
  multipleOf,
  properties: new Map(),
  required: [],
  additionalProperties: true,
  nullable: false,
  nationalId: false,
});

describe('multipleOf is read in exact decimal (B15)', () => {
  it('a range that holds a multiple is never empty, and its ends are multiples', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: -100_000, max: 100_000 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        (stepUnits, digits, k, below, above) => {
          const step = decimal(stepUnits, digits);
          // The multiple k·step, and bounds a fraction of a step either side, all as decimals.
          const multipleUnits = BigInt(stepUnits) * BigInt(k) * 100n;
          const minimum = Number(`${multipleUnits - BigInt(below * stepUnits)}e-${digits + 2}`);
          const maximum = Number(`${multipleUnits + BigInt(above * stepUnits)}e-${digits + 2}`);
          const flat = schema(minimum, maximum, step);
          const range = numberRange(flat, false);
          expect(range, `${minimum}..${maximum} step ${step}`).toBeDefined();
          expect(isMultiple(range?.lowest ?? Number.NaN, step)).toBe(true);
          expect(isMultiple(range?.highest ?? Number.NaN, step)).toBe(true);
          expect(generationLimits([flat]).filter((reason) => reason.includes('satisfies'))).toEqual([]);
        },
      ),
      { seed: 34, numRuns: 500 },
    );
  });

  it('a range with no multiple in it is still said to have none', () => {
    expect(numberRange(schema(0.12341, 0.12349, 0.0001), false)).toBeUndefined();
    expect(numberRange(schema(0.12345, 0.1235, 0.0001), false)).toEqual({ lowest: 0.1235, highest: 0.1235 });
  });
});

/**
 * The count of a `schema` call's work made before ajv runs (src/lint/schema-work.ts; issue 34,
 * attack r10 B5): one per schema node applied to one value, following ajv's applicators, and it
 * stops as soon as it passes its limit, however large the value.
 */
import { describe, expect, it } from 'vitest';
import { schemaCheckWork } from '../../src/lint/schema-work.js';

const BIG = 1_000_000;

describe('schemaCheckWork', () => {
  it('counts each schema node applied to each value it reaches', () => {
    expect(schemaCheckWork({ type: 'object' }, { a: 1 }, 100)).toBe(1);
    // The array, then `items` on each of 3 items (3 for reading them, 3 applications).
    expect(schemaCheckWork({ type: 'array', items: { type: 'string' } }, ['a', 'b', 'c'], 100)).toBe(1 + 3 + 3);
    // `anyOf` of 2 over each of 2 items: every branch counted.
    expect(schemaCheckWork({ items: { anyOf: [{ minimum: 1 }, { maximum: 2 }] } }, [1, 2], 100)).toBe(1 + 2 + 2 * 3);
    // `properties` reaches only what the value has; `$ref` followed inside the schema.
    const schema = { properties: { a: { $ref: '#/definitions/x' }, b: {} }, definitions: { x: { type: 'string' } } };
    expect(schemaCheckWork(schema, { a: 'x' }, 100)).toBe(1 + 2 + 1 + 1);
    // Keywords that read every key of an object count its keys.
    expect(schemaCheckWork({ minProperties: 1 }, { a: 1, b: 2, c: 3 }, 100)).toBe(1 + 3);
  });

  it("counts the attack's call far past the budget, and stops counting there", () => {
    const branches = [...Array.from({ length: 299 }, () => ({ minProperties: 1 })), { type: 'object' }];
    const value = Array.from({ length: BIG }, () => ({}));
    const limit = 5_000_000;
    const work = schemaCheckWork({ type: 'array', items: { anyOf: branches } }, value, limit);
    expect(work).toBeGreaterThan(limit);
    // Stopped within one node's fan-out of the limit, not at the call's 300,000,000.
    expect(work).toBeLessThan(limit + BIG + 1_000);
  });

  it('stops before stacking a large array past the limit', () => {
    const value = Array.from({ length: BIG }, (_, i) => i);
    expect(schemaCheckWork({ items: { type: 'integer' } }, value, 10)).toBe(1 + BIG);
  });
});

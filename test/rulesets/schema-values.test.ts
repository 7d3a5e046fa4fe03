/**
 * `schemaValueList` is `schemaValues` without the places: the rules that ask only what a schema's
 * values are read it instead, so it must give the same values in the same order for any schema.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { schemaValueList, schemaValues } from '../../rulesets/lib/openapi/examples.js';
import type { Schema } from '../../rulesets/lib/openapi/types.js';

const value = fc.jsonValue({ maxDepth: 2 });
const schema = fc.record(
  {
    example: value,
    examples: fc.oneof(fc.array(value, { maxLength: 4 }), value),
    default: value,
    enum: fc.oneof(fc.array(value, { maxLength: 6 }), value),
    const: value,
    type: fc.constantFrom('string', 'integer', 'object'),
  },
  { requiredKeys: [] },
);

describe('schemaValueList', () => {
  it('gives what schemaValues gives, value for value and in its order', () => {
    fc.assert(
      fc.property(schema, (generated) => {
        const given = generated as Schema;
        expect(schemaValueList(given)).toEqual(schemaValues(given, ['components', 'schemas', 'A']).map((v) => v.value));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps null values and every keyword, in the order example, examples, default, enum, const', () => {
    expect(
      schemaValueList({ const: 'c', enum: ['e1', null], default: 'd', examples: ['x1', 'x2'], example: 'x' }),
    ).toEqual(['x', 'x1', 'x2', 'd', 'e1', null, 'c']);
  });
});

/**
 * Generation over hostile schemas (issue 34, item 6), as a property: for random schemas with sizes
 * up to 2³², numbers up to 1e300, contradictory bounds (3.0's boolean and 3.1's numeric exclusive
 * bounds alike) and patterns fast-check cannot sample, the generators — run in-process, directly —
 * either make values the schema accepts (checked by ajv) or report the bound they reach
 * (contract-generation-limit, contract-pattern-unsampled); they never throw, and what they make
 * stays small. A crash, a hang or a silent invalid value fails it.
 *
 * Attack C1: the keywords generation once ignored (uniqueItems, contains/minContains/maxContains,
 * minProperties/maxProperties, patternProperties, propertyNames) and schemas no value satisfies (a
 * `const` of another type, `^a$b`, a pattern longer than `maxLength`). Every value is checked with
 * ajv as the phases check it (verify.ts): a value ajv refuses is drawn again as the phases draw it,
 * and what stays refused is what the phases report as a contract-generation-limit; a schema a
 * generator can honour gets its values right the first time, with no redraw.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validArbitrary } from '../../src/contract/generate/arbitraries.js';
import { coverageCases, validValue } from '../../src/contract/generate/cases.js';
import { generationLimits } from '../../src/contract/generate/limits.js';
import { unsampledReason } from '../../src/contract/generate/pattern-bounds.js';
import { flattenSchema, type FlatSchema } from '../../src/contract/generate/schema.js';
import { drawVerified } from '../../src/contract/generate/verify.js';
import { candidateValues } from '../../src/contract/generate/candidates.js';
import type { OpenApiDocument } from '../../rulesets/lib/rule.js';

const document = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} } as unknown as OpenApiDocument;
const ajv = new Ajv2020({ strict: false });

const hostileNumber = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ min: -1e300, max: 1e300, noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(2_000_000, -2_000_000, 1e20, -1e20, 2 ** 53 + 2, 1e300, -1e300, 0.5),
);
const hostileSize = fc.oneof(
  { arbitrary: fc.nat(12), weight: 3 },
  { arbitrary: fc.constantFrom(1000, 1001, 10_000, 10_001, 100_000_000, 2 ** 32), weight: 1 },
);
const oddPattern = fc.constantFrom(
  '^[a-z]{1,5}$',
  '^\\d{3}-[A-Z]{2}$',
  '^(a)\\1$',
  '^(?=a)a{1,3}$',
  '^\\bword$',
  '^(?<x>b{9999})\\k<x>{100}$',
  '^(a{9000})(?:\\1){1000}$',
  '^((a{1000}){1000}){100}\\-$',
  '^[\\u0000-\\u{10FFFF}]{3}$',
);

/** A number schema in 3.0's boolean or 3.1's numeric form of exclusive bounds, as both OpenAPI writes them. */
const numberSchema = fc
  .record(
    {
      type: fc.constantFrom('integer', 'number'),
      minimum: hostileNumber,
      maximum: hostileNumber,
      exclusive: fc.constantFrom('none', 'boolean', 'numeric'),
      multipleOf: fc.constantFrom(1, 3, 7, 1e6, 1e308),
    },
    { requiredKeys: ['type', 'exclusive'] },
  )
  .map(({ exclusive, ...schema }) => {
    if (exclusive === 'none') return { openapi: schema, json: schema };
    if (exclusive === 'boolean')
      return {
        openapi: { ...schema, exclusiveMinimum: true, exclusiveMaximum: true },
        // What the 3.0 form means, as JSON Schema writes it.
        json: {
          type: schema.type,
          ...(schema.multipleOf !== undefined ? { multipleOf: schema.multipleOf } : {}),
          ...(schema.minimum !== undefined ? { exclusiveMinimum: schema.minimum } : {}),
          ...(schema.maximum !== undefined ? { exclusiveMaximum: schema.maximum } : {}),
        },
      };
    const { minimum, maximum, ...rest } = schema;
    const numeric = {
      ...rest,
      ...(minimum !== undefined ? { exclusiveMinimum: minimum } : {}),
      ...(maximum !== undefined ? { exclusiveMaximum: maximum } : {}),
    };
    return { openapi: numeric, json: numeric };
  });

const stringSchema = fc.oneof(
  fc.record(
    { type: fc.constant('string'), minLength: hostileSize, maxLength: hostileSize },
    { requiredKeys: ['type'] },
  ),
  fc.record({ type: fc.constant('string'), pattern: oddPattern }),
);

const leaf = fc.oneof(
  numberSchema,
  stringSchema.map((schema) => ({ openapi: schema, json: schema })),
);
const arraySchema = (items: fc.Arbitrary<{ openapi: object; json: object }>) =>
  fc
    .record({
      items,
      minItems: fc.option(hostileSize, { nil: undefined }),
      maxItems: fc.option(hostileSize, { nil: undefined }),
    })
    .map(({ items: inner, minItems, maxItems }) => {
      const sizes = {
        ...(minItems !== undefined ? { minItems } : {}),
        ...(maxItems !== undefined ? { maxItems } : {}),
      };
      return {
        openapi: { type: 'array', items: inner.openapi, ...sizes },
        json: { type: 'array', items: inner.json, ...sizes },
      };
    });
/** Schemas with the keywords a generator honours, satisfiable: their values must be right at once. */
const smallItem = fc.constantFrom(
  { type: 'integer', minimum: 0, maximum: 50 },
  { type: 'string', maxLength: 4 },
  { type: 'string', pattern: '^[a-z]{2,3}$' },
  { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 0 } } },
);
const keywordSchema = fc.oneof(
  fc.record({ items: smallItem, minItems: fc.nat(4), extra: fc.nat(3) }).map(({ items, minItems, extra }) => ({
    type: 'array',
    uniqueItems: true,
    items,
    minItems,
    maxItems: minItems + extra,
  })),
  fc
    .record({ fewest: fc.integer({ min: 1, max: 3 }), extra: fc.nat(2), unique: fc.boolean() })
    .map(({ fewest, extra, unique }) => ({
      type: 'array',
      items: { type: 'string', maxLength: 3 },
      contains: { const: 'x' },
      minContains: fewest,
      maxContains: fewest + extra,
      ...(unique ? { uniqueItems: true, maxContains: 1, minContains: 1 } : {}),
    })),
  fc.record({ fewest: fc.nat(5), extra: fc.nat(2), closed: fc.boolean() }).map(({ fewest, extra, closed }) => ({
    type: 'object',
    minProperties: fewest,
    maxProperties: fewest + extra,
    properties: { a: { type: 'string' }, b: { type: 'integer' } },
    ...(closed
      ? { patternProperties: { '^x-[a-z]{1,6}$': { type: 'integer' } }, additionalProperties: false }
      : { propertyNames: { pattern: '^[a-z]{1,6}$' }, additionalProperties: { type: 'boolean' } }),
  })),
);
/** Schemas no value satisfies: the phases must report each, never send a value of it as valid. */
const unsatisfiableSchema = fc.constantFrom(
  { type: 'integer', const: 'a' },
  { type: 'string', const: 3 },
  { type: 'string', pattern: '^a$b' },
  { type: 'string', pattern: '^a{20}$', maxLength: 5 },
  { type: 'array', uniqueItems: true, minItems: 3, items: { type: 'boolean' } },
  { type: 'array', contains: { const: 'x' }, items: { type: 'integer' } },
  { type: 'object', maxProperties: 0, required: ['a'] },
  { type: 'object', minProperties: 2, additionalProperties: false },
);
const hostileSchema = fc.oneof(
  leaf,
  arraySchema(leaf),
  arraySchema(arraySchema(leaf)),
  keywordSchema.map((schema) => ({ openapi: schema, json: schema })),
  unsatisfiableSchema.map((schema) => ({ openapi: schema, json: schema })),
);

/** A description holding the schema, and where: what candidateValues reads openapi-sampler's values from. */
function withSchema(schema: unknown): [OpenApiDocument, Array<string | number>] {
  return [{ ...document, components: { schemas: { S: schema } } }, ['components', 'schemas', 'S']];
}

/** Every pattern of the flattened schema. */
function patterns(schema: FlatSchema): string[] {
  return [...(schema.pattern !== undefined ? [schema.pattern] : []), ...(schema.items ? patterns(schema.items) : [])];
}

/** The largest value a generator may make, in JSON characters: far below what would exhaust memory. */
const MAX_VALUE_CHARACTERS = 5_000_000;

describe('generation over hostile schemas', () => {
  it('makes values the schema accepts, or reports the bound it reaches; never throws, never grows without bound', () => {
    fc.assert(
      fc.property(hostileSchema, fc.integer({ min: 0, max: 1000 }), ({ openapi, json }, seed) => {
        const flat = flattenSchema(document, openapi);
        const reported = [
          ...generationLimits([flat]),
          ...patterns(flat).flatMap((pattern) => unsampledReason(pattern) ?? []),
        ];
        const started = Date.now();
        const made = [
          validValue(flat),
          ...coverageCases(flat)
            .filter((c) => c.valid)
            .map((c) => c.value),
          ...fc.sample(validArbitrary(flat), { seed, numRuns: 5 }),
          // What is offered to ajv before a limit is reported: bounded as much (openapi-sampler too).
          ...candidateValues(...withSchema(openapi), flat),
        ];
        expect(Date.now() - started).toBeLessThan(5_000);
        for (const value of made) expect(JSON.stringify(value).length).toBeLessThan(MAX_VALUE_CHARACTERS);
        if (reported.length > 0) return;
        const validate = ajv.compile(json);
        const verify = (value: unknown) => (validate(value) ? (true as const) : ajv.errorsText(validate.errors));
        for (const value of made) {
          if (validate(value)) continue;
          // The phases draw a value ajv refuses again; what stays refused they report (contract-generation-limit).
          const drawn = drawVerified(flat, verify, seed);
          if ('value' in drawn) expect(validate(drawn.value)).toBe(true);
          else expect(drawn.why).not.toBe('');
        }
      }),
      { numRuns: 60, seed: 34 },
    );
  });

  it('honours uniqueItems, contains, minProperties, maxProperties, patternProperties and propertyNames at once: no redraw needed', () => {
    fc.assert(
      fc.property(keywordSchema, fc.integer({ min: 0, max: 1000 }), (schema, seed) => {
        const flat = flattenSchema(document, schema);
        expect(generationLimits([flat])).toEqual([]);
        const validate = ajv.compile(schema);
        const made = [
          validValue(flat),
          ...coverageCases(flat)
            .filter((c) => c.valid)
            .map((c) => c.value),
          ...fc.sample(validArbitrary(flat), { seed, numRuns: 10 }),
        ];
        for (const value of made)
          expect(
            validate(value),
            `${JSON.stringify(value)} against ${JSON.stringify(schema)}: ${ajv.errorsText(validate.errors)}`,
          ).toBe(true);
      }),
      { numRuns: 60, seed: 34 },
    );
  });

  it('a schema no value satisfies gets no value ajv accepts, however often drawn: the phases report it', () => {
    fc.assert(
      fc.property(unsatisfiableSchema, fc.integer({ min: 0, max: 1000 }), (schema, seed) => {
        const flat = flattenSchema(document, schema);
        const validate = ajv.compile(schema);
        const drawn = drawVerified(
          flat,
          (value) => (validate(value) ? true : ajv.errorsText(validate.errors)),
          seed,
          candidateValues(...withSchema(schema), flat),
        );
        expect('why' in drawn, JSON.stringify(schema)).toBe(true);
      }),
      { numRuns: 20, seed: 34 },
    );
  });
});

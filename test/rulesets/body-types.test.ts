/**
 * platform-no-bare-array reads what a body's schema allows as a set of JSON types (attack r9
 * B1–B3: an array-or-null written `const: null`, a branch allowing nothing through crossed bounds,
 * a bare value with no `type`, each passed). The property: over schemas built from every keyword
 * the reading uses (`type`, `nullable`, `enum`, `const`, `allOf`, `oneOf`, `anyOf`, `not` of anything, crossed
 * and uncrossed bounds, `items`, `properties`), whenever the rule calls a body a bare array, ajv
 * (a validator, not vottur) accepts no value of another type but null, and whenever it calls it a
 * bare value, ajv accepts no value of a type it does not name (the untyped-`items` reading applied to both). The
 * reading may only under-report, never invent.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import rule from '../../rulesets/rules/platform-no-bare-array.js';
import { DEFAULT_VOCABULARY } from '../../rulesets/lib/vocabulary.js';
import { propertyRuns } from '../suites.js';

const ajv = new Ajv2020({ strict: false, allErrors: false });

/** One value of each JSON type, and some that bounds tell apart. */
const SAMPLES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  1,
  2.5,
  -3,
  '',
  'a',
  'ab',
  'abc',
  [],
  ['a'],
  ['a', 'b'],
  {},
  { a: 1 },
  { a: 1, b: 2 },
];

const typeOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : typeof value;

type Schema = Record<string, unknown> | boolean;

const leaf: fc.Arbitrary<Schema> = fc.oneof(
  fc.constantFrom<Schema>(
    { type: 'array', items: { type: 'string' } },
    { type: 'array' },
    { type: 'string' },
    { type: 'integer' },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'object', properties: { a: { type: 'integer' } } },
    { type: 'null' },
    { type: ['null'] },
    { type: ['array', 'null'] },
    { type: ['string', 'integer'] },
    { type: ['array', 'string'] },
    { type: ['boolean', 'number'] },
    { const: null },
    { enum: [null] },
    { enum: ['open', 'closed'] },
    { enum: [[]] },
    { enum: [1, 'a'] },
    { const: [] },
    { not: {} },
    false,
    true,
    {},
    { items: { type: 'string' } },
    { properties: { a: {} } },
    { type: 'string', minLength: 2, maxLength: 1 },
    { type: 'string', minLength: 1, maxLength: 2 },
    { type: 'array', minItems: 3, maxItems: 1 },
    { type: 'object', minProperties: 2, maxProperties: 1 },
    { type: 'number', minimum: 5, maximum: 1 },
    { type: 'array', nullable: true },
    { not: { anyOf: [{ type: 'object' }, { type: 'string' }, { type: 'number' }, { type: 'boolean' }] } },
    { not: { type: ['object', 'string', 'integer', 'boolean'] } },
    { not: { oneOf: [{ type: 'string' }, { type: 'string' }] } },
    { not: { oneOf: [{ type: 'number' }, { type: 'integer' }] } },
    { not: { oneOf: [{ type: 'object' }, { type: ['string', 'number', 'boolean'] }] } },
    { not: { type: 'string', minLength: 1 } },
    { type: ['array', 'string'], not: { oneOf: [{ type: 'string' }, { type: 'string' }] } },
    { type: ['array', 'number'], not: { type: 'integer' } },
    { type: ['array', 'string'], not: { anyOf: [{ type: 'string', minLength: 1 }] } },
  ),
);

const schema: fc.Arbitrary<Schema> = fc.letrec<{ node: Schema }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({ allOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ oneOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ anyOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ not: tie('node') }),
    fc
      .tuple(leaf, tie('node'))
      .map(([base, part]) => (typeof base === 'object' ? { ...base, allOf: [part] } : { allOf: [base, part] })),
  ),
})).node;

/**
 * The schema as generators mean it, the one reading the rule adds to a validator's: with no
 * `type`, `items` alone says array and `properties` alone says object (the rule's documented
 * reading of a generator's untyped array). Applied to every schema object, it only makes the
 * validator stricter, so it hides no wrong verdict of the rule's other readings.
 */
function asGeneratorsMeanIt(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asGeneratorsMeanIt);
  if (typeof node !== 'object' || node === null) return node;
  const copy = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === 'enum' || key === 'const' ? value : asGeneratorsMeanIt(value),
    ]),
  );
  if (copy.type === undefined && (copy.items === undefined) !== (copy.properties === undefined))
    copy.type = copy.items !== undefined ? 'array' : 'object';
  return copy;
}

function verdict(body: Schema): 'array' | string[] | undefined {
  const document = {
    openapi: '3.1.0',
    info: { title: 'Property', version: '1.0.0' },
    paths: {
      '/v1/things': {
        get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: body } } } } },
      },
    },
  };
  const [problem] = rule.check(document, { vocabulary: DEFAULT_VOCABULARY });
  if (!problem) return undefined;
  if (/ is a bare array;/.test(problem.message)) return 'array';
  // "is a bare string or number": the types it names.
  return (/ is a bare ([a-z ]+?), not a JSON object/.exec(problem.message)?.[1] ?? '').split(' or ');
}

describe('platform-no-bare-array: what a body allows, read as a validator reads it', () => {
  it('never calls a body a bare array or a bare value that a validator lets be something else', () => {
    fc.assert(
      fc.property(schema, (body) => {
        const said = verdict(body);
        if (said === undefined) return;
        const validate = ajv.compile(asGeneratorsMeanIt(body) as Schema);
        const accepted = SAMPLES.filter((value) => validate(value)).map(typeOf);
        const named = said === 'array' ? ['array'] : said;
        expect(accepted.filter((type) => type !== 'null' && !named.includes(type))).toEqual([]);
      }),
      { numRuns: propertyRuns(400) },
    );
  });

  it("finds the attack's shapes, each of which a validator lets be only an array, null or a scalar", () => {
    const cases: Array<[Schema, 'array' | string[]]> = [
      [{ oneOf: [{ type: 'array', items: { type: 'string' } }, { const: null }] }, 'array'],
      [{ anyOf: [{ type: 'array' }, { type: ['null'] }] }, 'array'],
      [{ oneOf: [{ type: 'array' }, { type: 'string', minLength: 2, maxLength: 1 }] }, 'array'],
      [{ anyOf: [{ type: 'array' }, { allOf: [{ type: 'string' }, { type: 'number' }] }] }, 'array'],
      [{ enum: ['open', 'closed'] }, ['string']],
      [{ oneOf: [{ type: 'string' }, { type: 'integer' }] }, ['string', 'number']],
      [{ not: { anyOf: [{ type: 'object' }, { type: 'string' }, { type: 'number' }, { type: 'boolean' }] } }, 'array'],
    ];
    for (const [body, expected] of cases) expect(verdict(body), JSON.stringify(body)).toEqual(expected);
    // A branch that may be an object, or a schema with no constraint, is not reported.
    expect(verdict({ oneOf: [{ type: 'array' }, { type: 'object' }] })).toBeUndefined();
    expect(verdict({ anyOf: [{ type: 'array' }, {}] })).toBeUndefined();
  });
});

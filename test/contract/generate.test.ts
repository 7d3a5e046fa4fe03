/**
 * The request generators (src/contract/generate/): every value they call valid is valid under
 * the schema as ajv reads it, every value they call invalid is not, a failing generated case is
 * shrunk to the smallest one and replayed exactly from its seed, and the curl reproduction
 * parses back into the same request with no secret in it.
 */
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import shellQuote from 'shell-quote';
import { describe, expect, it } from 'vitest';
import { hasValidCheckDigit } from '../../rulesets/lib/conventions.js';
import { nationalIdArbitrary, validArbitrary } from '../../src/contract/generate/arbitraries.js';
import { invalidArbitrary } from '../../src/contract/generate/invalid.js';
import { coverageCases, validValue } from '../../src/contract/generate/cases.js';
import { toCurl } from '../../src/contract/generate/curl.js';
import {
  fuzzCases,
  invalidCases,
  replayCase,
  validCases,
  type GeneratedInput,
} from '../../src/contract/generate/fuzz.js';
import { flattenSchema } from '../../src/contract/generate/schema.js';

const addFormats = addFormatsModule.default;
const ajv = new Ajv({ strict: false, allErrors: false });
addFormats(ajv);

const document = {
  openapi: '3.0.3',
  components: {
    schemas: {
      Name: { type: 'string', minLength: 2, maxLength: 12 },
      Base: { type: 'object', required: ['name'], properties: { name: { $ref: '#/components/schemas/Name' } } },
    },
  },
};

/** Schemas as descriptions write them; each is checked by ajv against what the generators make. */
const SCHEMAS: Record<string, Record<string, unknown>> = {
  'bounded string': { type: 'string', minLength: 3, maxLength: 10 },
  'patterned string': { type: 'string', pattern: '^[A-Z]{2}-[0-9]{3}$' },
  enum: { type: 'string', enum: ['FIRST_PARTY', 'THIRD_PARTY'] },
  'bounded integer': { type: 'integer', minimum: 1, maximum: 100 },
  'exclusive number': { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1 },
  uuid: { type: 'string', format: 'uuid' },
  'date-time': { type: 'string', format: 'date-time' },
  'array of integers': { type: 'array', minItems: 1, maxItems: 3, items: { type: 'integer', minimum: 0 } },
  'closed object': {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'count'],
    properties: { id: { type: 'string', minLength: 1 }, count: { type: 'integer', maximum: 5 } },
  },
};

/** ajv reads OpenAPI 3.0's boolean exclusive bounds the JSON Schema draft-04 way only after this. */
function jsonSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...schema };
  if (copy.exclusiveMinimum === true) {
    copy.exclusiveMinimum = copy.minimum;
    delete copy.minimum;
  }
  return copy;
}

describe('flattenSchema', () => {
  it('follows $refs and merges allOf into one set of constraints', () => {
    const flat = flattenSchema(document, {
      allOf: [
        { $ref: '#/components/schemas/Base' },
        { properties: { age: { type: 'integer', minimum: 0 } }, required: ['age'] },
      ],
    });
    expect(flat.types).toEqual(['object']);
    expect(flat.required).toEqual(['name', 'age']);
    expect(flat.properties.get('name')).toMatchObject({ types: ['string'], minLength: 2, maxLength: 12 });
    expect(flat.properties.get('age')).toMatchObject({ types: ['integer'], minimum: 0 });
  });

  it('recognises a national identifier by the name it is found under', () => {
    expect(flattenSchema(document, { type: 'string' }, 'toNationalId').nationalId).toBe(true);
    expect(flattenSchema(document, { type: 'string' }, 'X-Param-National-Id').nationalId).toBe(true);
    expect(flattenSchema(document, { type: 'string' }, 'name').nationalId).toBe(false);
  });
});

describe.each(Object.entries(SCHEMAS))('generated values for a %s', (_name, schema) => {
  const validate = ajv.compile(jsonSchema(schema));
  const flat = flattenSchema(document, schema);

  it('coverage: boundary values are valid and past-the-boundary values are not', () => {
    const cases = coverageCases(flat);
    expect(cases.filter((c) => !c.valid).length, 'at least one invalid case').toBeGreaterThan(0);
    for (const c of cases) expect(validate(c.value), `${c.constraint}: ${JSON.stringify(c.value)}`).toBe(c.valid);
  });

  it('fuzz: every valid value validates', () => {
    fc.assert(
      fc.property(validArbitrary(flat), (value) => validate(value) === true),
      { seed: 7, numRuns: 100 },
    );
  });

  it('fuzz: every invalid value is refused', () => {
    const invalid = invalidArbitrary(flat)!;
    expect(invalid).toBeDefined();
    fc.assert(
      fc.property(invalid, (value) => validate(value) === false),
      { seed: 7, numRuns: 100 },
    );
  });
});

describe('national identifiers', () => {
  it('generates only identifiers with a valid check digit and a real date', () => {
    fc.assert(
      fc.property(nationalIdArbitrary, (id) => /^\d{10}$/.test(id) && hasValidCheckDigit(id) && /^[0-9]$/.test(id[9])),
      { seed: 3, numRuns: 200 },
    );
  });

  it('tests 11 and 9 digits, the hyphen form, a wrong check digit and look-alike digits as invalid', () => {
    const cases = coverageCases(flattenSchema(document, { type: 'string' }, 'nationalId'));
    const valid = cases.filter((c) => c.valid).map((c) => c.value as string);
    expect(valid.every((id) => hasValidCheckDigit(id))).toBe(true);
    expect(cases.filter((c) => !c.valid).map((c) => c.constraint)).toEqual([
      'a national identifier of 11 digits',
      'a national identifier of 9 digits',
      'a national identifier written ######-####',
      'a national identifier with a wrong check digit',
      'a national identifier in Arabic-Indic digits',
      'a national identifier in full-width digits',
    ]);
  });
});

describe('fuzzCases', () => {
  const inputs: GeneratedInput[] = [
    { key: 'query:name', required: true, schema: flattenSchema(document, { type: 'string', maxLength: 40 }) },
    {
      key: 'query:limit',
      required: false,
      schema: flattenSchema(document, { type: 'integer', minimum: 1, maximum: 50 }),
    },
  ];
  // A server that fails on names longer than five characters.
  const check = (generated: { values: Record<string, unknown> }) =>
    Promise.resolve(String(generated.values['query:name']).length > 5 ? 'answered 500' : undefined);

  it('shrinks a failing case to the smallest one that still fails, and replays it from its seed and path', async () => {
    const result = await fuzzCases(validCases(inputs), check, { seed: 1234, maxExamples: 200 });
    expect(result.failures.map((f) => f.failure)).toEqual(['answered 500']);
    const [failure] = result.failures;
    const shrunk = failure.case.values;
    expect(String(shrunk['query:name']).length).toBe(6);
    expect(shrunk['query:limit']).toBeUndefined();
    expect(replayCase(validCases(inputs), failure.seed, failure.path!)).toEqual(failure.case);
  });

  it('gives the same cases for the same seed', async () => {
    const seen = async (seed: number) => {
      const values: unknown[] = [];
      const record = (generated: { values: Record<string, unknown> }) => {
        values.push(generated.values);
        return Promise.resolve(undefined);
      };
      await fuzzCases(validCases(inputs), record, {
        seed,
        maxExamples: 20,
      });
      return values;
    };
    expect(await seen(99)).toEqual(await seen(99));
    expect(await seen(99)).not.toEqual(await seen(100));
  });

  it('makes invalid cases that break exactly one input, or leave a required one out', () => {
    const invalid = invalidCases(inputs)!;
    fc.assert(
      fc.property(invalid, (generated) => {
        expect(generated.invalid).toMatch(/^query:(name|limit)( \(missing\))?$/);
        if (generated.invalid === 'query:name (missing)') return !('query:name' in generated.values);
        return generated.invalid! in generated.values;
      }),
      { seed: 5, numRuns: 100 },
    );
  });
});

describe('toCurl', () => {
  it('writes a command that parses back to the same request, with credentials as a variable', () => {
    const command = toCurl({
      method: 'post',
      url: "http://127.0.0.1:3000/v1/items?q=it's%20here",
      headers: { Authorization: 'Bearer secret-token-value', 'Content-Type': 'application/json' },
      body: '{"name": "O\'Brien $HOME"}',
    });
    expect(command).not.toContain('secret-token-value');
    const words = shellQuote.parse(command, { VOTTUR_TOKEN: 'T' }) as string[];
    expect(words).toEqual([
      'curl',
      '-i',
      '-X',
      'POST',
      '-H',
      'Authorization: Bearer T',
      '-H',
      'Content-Type: application/json',
      '--data-binary',
      '{"name": "O\'Brien $HOME"}',
      "http://127.0.0.1:3000/v1/items?q=it's%20here",
    ]);
  });

  it("with the run's secrets: a forged key is written as sent (it reproduces the failure), a real one in any header as the variable", () => {
    const command = toCurl({
      method: 'get',
      url: 'http://127.0.0.1:3000/api/demo',
      headers: { authorization: 'vottur-wrong-key', 'X-Key': 'real-key-1234', Cookie: 'sid=real-key-1234; lang=is' },
      secrets: ['real-key-1234'],
    });
    expect(command).not.toContain('real-key-1234');
    expect(shellQuote.parse(command, { VOTTUR_TOKEN: 'T' })).toEqual([
      'curl',
      '-i',
      '-X',
      'GET',
      '-H',
      'authorization: vottur-wrong-key',
      '-H',
      'X-Key: T',
      '-H',
      'Cookie: T',
      'http://127.0.0.1:3000/api/demo',
    ]);
  });
});

it('validValue gives the example, then the default, then a made value', () => {
  expect(validValue(flattenSchema(document, { type: 'string', example: 'x1', default: 'd' }))).toBe('x1');
  expect(validValue(flattenSchema(document, { type: 'string', default: 'd' }))).toBe('d');
  expect(validValue(flattenSchema(document, { type: 'integer', minimum: 3 }))).toBe(3);
});

describe('links (the stateful phase)', () => {
  const linked = {
    openapi: '3.0.3',
    components: { links: { ReadUser: { operationId: 'getUser', parameters: { userId: '$response.body#/id' } } } },
  };
  const create = {
    operationId: 'createUser',
    path: ['paths', '/v1/users', 'post'],
    responses: [
      {
        status: '201',
        response: {
          links: {
            read: { $ref: '#/components/links/ReadUser' },
            viaRef: {
              operationRef: '#/paths/~1v1~1users~1{userId}/get',
              parameters: { userId: '$response.header.Location' },
            },
            nowhere: { operationId: 'missing' },
          },
        },
      },
    ],
  };
  const read = { operationId: 'getUser', path: ['paths', '/v1/users/{userId}', 'get'], responses: [] };

  it('lists each link with both ends, following $refs and operationRefs, and leaves out links to nothing', async () => {
    const { linkSteps } = await import('../../src/contract/generate/links.js');
    const steps = linkSteps(linked, [create, read]);
    expect(
      steps.map((step) => [step.from.operationId, step.status, step.name, step.to.operationId, step.parameters]),
    ).toEqual([
      ['createUser', '201', 'read', 'getUser', { userId: '$response.body#/id' }],
      ['createUser', '201', 'viaRef', 'getUser', { userId: '$response.header.Location' }],
    ]);
  });

  it('evaluates runtime expressions against an exchange', async () => {
    const { evaluateExpression } = await import('../../src/contract/generate/links.js');
    const exchange = {
      url: 'http://127.0.0.1/v1/users',
      method: 'post',
      request: { path: { orgId: 'o1' }, query: { q: 'x' }, headers: {} },
      response: { status: 201, headers: { location: '/v1/users/42' }, body: { id: 42, tags: [{ name: 'a/b' }] } },
    };
    expect(evaluateExpression('$response.body#/id', exchange)).toBe(42);
    expect(evaluateExpression('$response.body#/tags/0/name', exchange)).toBe('a/b');
    expect(evaluateExpression('$response.header.Location', exchange)).toBe('/v1/users/42');
    expect(evaluateExpression('$request.path.orgId', exchange)).toBe('o1');
    expect(evaluateExpression('$request.query.q', exchange)).toBe('x');
    expect(evaluateExpression('$statusCode', exchange)).toBe(201);
    expect(evaluateExpression('$method', exchange)).toBe('POST');
    expect(evaluateExpression('user-{$response.body#/id}', exchange)).toBe('user-42');
    expect(evaluateExpression('$response.body#/nope', exchange)).toBeUndefined();
    expect(evaluateExpression('constant', exchange)).toBe('constant');
  });
});

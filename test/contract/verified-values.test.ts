/**
 * Attack C1 (issue 34): the coverage and fuzz phases made values that ignored `uniqueItems`,
 * `contains`, `minProperties`/`maxProperties`, `propertyNames`, and schemas no value satisfies (a
 * `const` of another type, `^a$b`, a pattern longer than `maxLength`) got no finding, so a correct
 * server validating strictly (ajv, below) was failed with contract-positive-data-accepted. Now every
 * value sent as known valid is checked by ajv first (drawn again while refused), every value sent as
 * known invalid is confirmed invalid, the generators honour those keywords so ordinary schemas pass,
 * and a schema no value satisfies is one contract-generation-limit finding pointing at it.
 * Over the CLI, in-process.
 */
import addFormatsModule from 'ajv-formats';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';

type Found = Array<{ ruleId: string; severity: string; message: string; operation?: string; pointer?: string }>;

/** Schemas a generator can honour: no finding of any kind is right for them. */
const ordinary: Record<string, object> = {
  '/unique': {
    type: 'object',
    required: ['v'],
    properties: {
      v: {
        type: 'array',
        uniqueItems: true,
        minItems: 3,
        maxItems: 5,
        items: { type: 'integer', minimum: 0, maximum: 9 },
      },
    },
  },
  '/unique-strings': { type: 'array', uniqueItems: true, minItems: 2, items: { type: 'string', maxLength: 3 } },
  '/contains': {
    type: 'object',
    required: ['v'],
    properties: {
      v: { type: 'array', contains: { const: 'x' }, minContains: 2, maxContains: 3, items: { type: 'string' } },
    },
  },
  '/props': {
    type: 'object',
    minProperties: 2,
    maxProperties: 3,
    properties: { a: { type: 'string' }, b: { type: 'integer' }, c: { type: 'boolean' }, d: { type: 'string' } },
  },
  '/bag': { type: 'object', minProperties: 2, additionalProperties: { type: 'integer' } },
  '/names': {
    type: 'object',
    minProperties: 1,
    propertyNames: { pattern: '^[a-z]{2,4}$' },
    additionalProperties: { type: 'string' },
  },
  '/patterned': {
    type: 'object',
    minProperties: 1,
    patternProperties: { '^x-[a-z]+$': { type: 'integer' } },
    additionalProperties: false,
  },
};

/**
 * Satisfiable schemas whose values the generators did not make (issue 34, attack B1): each got an
 * error-level contract-generation-limit ("no value … in 20 draws") and failed the gate for vottur's
 * own weakness. Now the generators honour them, or a candidate (candidates.ts) is a value ajv accepts.
 */
const value = (v: object, required: string[] = ['v']) => ({ type: 'object', required, properties: { v } });
const attackB1: Record<string, object> = {
  '/null': value({ type: 'null' }),
  '/oneof-int-number': value({ oneOf: [{ type: 'integer' }, { type: 'number' }] }),
  '/oneof-ranges': value({
    oneOf: [
      { type: 'integer', maximum: 5 },
      { type: 'integer', minimum: 10 },
    ],
  }),
  '/byte': value({ type: 'string', format: 'byte' }),
  '/const-float': value({ const: 1.0 }),
  '/const-object': value({ const: { a: [1, { b: null }] } }),
  '/date-time-20': value({ type: 'string', format: 'date-time', maxLength: 20 }),
  '/duration': value({ type: 'string', format: 'duration' }),
  '/json-pointer': value({ type: 'string', format: 'json-pointer' }),
  '/uri-template': value({ type: 'string', format: 'uri-template' }),
  '/time': value({ type: 'string', format: 'time' }),
  '/hostname': value({ type: 'string', format: 'hostname' }),
  '/uri-pattern': value({ type: 'string', format: 'uri', pattern: '^z' }),
  '/uuid-pattern': value({ type: 'string', format: 'uuid', pattern: '^f' }),
  '/dependent-required': value({
    type: 'object',
    required: ['a'],
    properties: { a: { type: 'string' }, b: { type: 'string' } },
    dependentRequired: { a: ['b'] },
  }),
  '/dependent-schemas': value({
    type: 'object',
    properties: { a: { type: 'string' }, b: { type: 'string' } },
    dependentSchemas: { a: { required: ['b'] } },
  }),
  '/prefix-items': value({ type: 'array', minItems: 1, prefixItems: [{ const: 'x' }] }),
  '/not-integer': value({ type: ['integer', 'string'], not: { type: 'integer' } }),
  '/additional-false-allof': value({
    type: 'object',
    properties: { a: { type: 'string' } },
    additionalProperties: false,
    allOf: [{ properties: { b: { type: 'string' } } }],
  }),
  // A computed key: `{ __proto__: … }` would set the literal's prototype, not a property.
  '/proto-required': value({
    type: 'object',
    required: ['__proto__'],
    properties: { ['__proto__']: { type: 'string' } },
  }),
  // A recursive schema whose recursion is optional: stopping it is always valid.
  '/node': value({ $ref: '#/components/schemas/Node' }),
};

/** A `required` chain `levels` deep, a string at its end (issue 34, N4). */
const requiredChain = (levels: number): object =>
  levels === 0 ? { type: 'string' } : { type: 'object', required: ['a'], properties: { a: requiredChain(levels - 1) } };

/**
 * Satisfiable schemas that got error-level contract-generation-limit findings with false "no value
 * satisfies" claims (issue 34, attack B15, N4): a multipleOf whose multiple at the bound floating
 * point misses (0.1235 is valid: exact decimal), an anyOf with one impossible branch (the other
 * gives values), a `required` chain deeper than the generators go (a candidate composes it).
 */
const attackB15: Record<string, object> = {
  '/multiple-decimal': { type: 'number', multipleOf: 0.0001, minimum: 0.12345, maximum: 0.1235 },
  '/multiple-decimal-inside': value({ type: 'number', multipleOf: 0.01, minimum: 0.115, maximum: 0.125 }),
  '/anyof-impossible-branch': { anyOf: [{ type: 'integer', minimum: 10, maximum: 5 }, { const: 'ok' }] },
  '/required-chain-20': requiredChain(20),
};

/** The same schemas as the server reads them: the recursive one self-contained. */
const serverOverrides: Record<string, object> = {
  '/node': {
    ...value({ $ref: '#/$defs/node' }),
    $defs: { node: { type: 'object', properties: { next: { $ref: '#/$defs/node' }, v: { type: 'string' } } } },
  },
};

/** Schemas no value satisfies: each is one contract-generation-limit finding, and nothing is sent as known valid. */
const unsatisfiable: Record<string, object> = {
  '/const': { type: 'object', required: ['n'], properties: { n: { type: 'integer', const: 'a' } } },
  '/anchor': { type: 'object', required: ['s'], properties: { s: { type: 'string', pattern: '^a$b' } } },
  '/too-long': {
    type: 'object',
    required: ['s'],
    properties: { s: { type: 'string', pattern: '^a{20}$', maxLength: 5 } },
  },
  '/bounds': { type: 'object', required: ['n'], properties: { n: { type: 'integer', minimum: 10, maximum: 5 } } },
};

/**
 * Bounds beyond 2^53 (D1): few numbers there are exact multiples; whatever is drawn, the strict
 * server must not be blamed (a value ajv refuses is a limit, not a valid value).
 */
const beyondSafe: Record<string, object> = {
  '/huge-multiple': {
    type: 'object',
    required: ['n'],
    properties: { n: { type: 'integer', minimum: 2 ** 60, maximum: 2 ** 61, multipleOf: 7 } },
  },
};

const schemas = { ...ordinary, ...attackB1, ...attackB15, ...unsatisfiable, ...beyondSafe };

let folder = '';
let server: Server;
let url = '';
let file = '';
/** Bodies the strict server refused although ajv accepts them: must stay empty (the server is right). */
let findings: Found = [];
/** Paths on which the strict server accepted at least one request. */
const accepted = new Set<string>();

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'vottur-verified-'));
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  const ajv = new Ajv2020({ strict: false });
  addFormatsModule.default(ajv);
  const validators = new Map(
    Object.entries(schemas).map(([path, schema]) => [path, ajv.compile(serverOverrides[path] ?? schema)]),
  );
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      let ok: boolean;
      try {
        ok = validators.get(request.url?.split('?')[0] ?? '')?.(JSON.parse(body)) === true;
      } catch {
        ok = false;
      }
      if (ok) accepted.add(request.url?.split('?')[0] ?? '');
      response.writeHead(ok ? 201 : 400, { 'content-type': ok ? 'application/json' : 'application/problem+json' });
      response.end(ok ? '{}' : JSON.stringify({ type: 'about:blank', title: 'Bad request', status: 400 }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  file = join(folder, 'strict.json');
  const post = (schema: object) => ({
    post: {
      requestBody: { required: true, content: { 'application/json': { schema } } },
      responses: {
        '201': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } },
        '400': { description: 'bad', content: { 'application/problem+json': { schema: { type: 'object' } } } },
      },
    },
  });
  await writeFile(
    file,
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 't', version: '1.0.0' },
      paths: Object.fromEntries(Object.entries(schemas).map(([path, schema]) => [path, post(schema)])),
      components: {
        schemas: {
          Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' }, v: { type: 'string' } } },
        },
      },
    }),
  );
  const result = await votturInProcess([
    'test',
    file,
    '--server',
    url,
    '--no-dredd',
    '--allow-unsafe-methods',
    '--phases',
    'coverage,fuzz',
    '--max-examples',
    '20',
    '--seed',
    '34',
    '-f',
    'json',
  ]);
  expect(result.code, result.stderr).not.toBe(2);
  findings = (JSON.parse(result.stdout) as { findings: Found }).findings;
}, 60_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
  await rm(folder, { recursive: true, force: true });
});

const of = (path: string) => findings.filter((f) => f.operation === `POST ${path}`);

describe('values sent as known valid or invalid are checked by ajv first (C1)', () => {
  it('a server that validates strictly is never blamed: no positive-data or negative-data finding', () => {
    const blamed = findings.filter((f) =>
      ['contract-positive-data-accepted', 'contract-negative-data-rejected'].includes(f.ruleId),
    );
    expect(blamed.map((f) => `${f.operation}: ${f.message}`)).toEqual([]);
  });

  const noLimit = (path: string) =>
    expect(
      of(path)
        .filter((f) => f.ruleId === 'contract-generation-limit')
        .map((f) => f.message),
    ).toEqual([]);

  for (const path of Object.keys(ordinary))
    it(`generation honours ${path}'s keywords: no contract-generation-limit`, () => noLimit(path));

  for (const path of Object.keys(attackB1))
    it(`a satisfiable ${path} is no contract-generation-limit (B1): a value ajv accepts is found`, () => noLimit(path));

  for (const path of Object.keys(attackB15))
    it(`a satisfiable ${path} fails no gate (B15, N4): no error-level contract-generation-limit, and valid values reach the server`, () => {
      const errors = of(path).filter((f) => f.ruleId === 'contract-generation-limit' && f.severity === 'error');
      expect(errors.map((f) => f.message)).toEqual([]);
      expect(of(path).filter((f) => /no \w+ satisfies/.test(f.message))).toEqual([]);
      expect(accepted.has(path), `no request the server accepted on ${path}`).toBe(true);
    });

  it('a deep required chain is still named: the depth limits stay, as warnings (N4)', () => {
    const limits = of('/required-chain-20').filter((f) => f.ruleId === 'contract-generation-limit');
    expect(limits.length).toBeGreaterThan(0);
    expect(limits.every((f) => f.severity === 'warn')).toBe(true);
  });

  for (const path of Object.keys(unsatisfiable))
    it(`a schema no value satisfies (${path}) is a contract-generation-limit error pointing at it`, () => {
      const limits = of(path).filter((f) => f.ruleId === 'contract-generation-limit');
      expect(limits.length, JSON.stringify(of(path))).toBeGreaterThan(0);
      expect(limits.every((f) => f.severity === 'error')).toBe(true);
      expect(limits.some((f) => f.pointer?.startsWith(`/paths/~1${path.slice(1)}/post`))).toBe(true);
    });

  it('the ajv check names the schema place: the request body of the operation', () => {
    const limits = of('/const').filter((f) => f.ruleId === 'contract-generation-limit');
    expect(limits.map((f) => f.pointer)).toEqual(['/paths/~1const/post/requestBody/content/application~1json/schema']);
    expect(limits[0]?.message).toContain('/n ');
  });
});

describe('a size that is no whole number (D2)', () => {
  it('minItems: .inf in YAML is a contract-generation-limit, and no value of it is sent as valid', async () => {
    const yaml = join(folder, 'infinite.yaml');
    await writeFile(
      yaml,
      [
        'openapi: 3.1.0',
        'info: { title: t, version: 1.0.0 }',
        'paths:',
        '  /const:',
        '    post:',
        '      requestBody:',
        '        required: true',
        '        content:',
        '          application/json:',
        '            schema: { type: array, minItems: .inf, items: { type: string } }',
        '      responses:',
        "        '201': { description: ok, content: { application/json: { schema: { type: object } } } }",
        "        '400': { description: bad, content: { application/problem+json: { schema: { type: object } } } }",
        '',
      ].join('\n'),
    );
    const result = await votturInProcess([
      'test',
      yaml,
      '--server',
      url,
      '--no-dredd',
      '--allow-unsafe-methods',
      '--phases',
      'coverage,fuzz',
      '--max-examples',
      '5',
      '-f',
      'json',
    ]);
    expect(result.code, result.stderr).not.toBe(2);
    const found = (JSON.parse(result.stdout) as { findings: Found }).findings;
    expect(found.filter((f) => f.ruleId === 'contract-positive-data-accepted')).toEqual([]);
    expect(
      found
        .filter((f) => f.ruleId === 'contract-generation-limit')
        .map((f) => f.message)
        .join('\n'),
    ).toContain('minItems Infinity is no whole number');
  });
});

/**
 * The planned requests: built from the examples, the negative probes the conventions imply,
 * `--data` values, and missing values reported instead of guessed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CouldNotRunError } from '../../src/errors.js';
import { checkDataAgainst, checkDataShape, loadDataFile } from '../../src/contract/data.js';
import { loadContractDescription, type ContractDescription } from '../../src/contract/description.js';
import { planRequests, type PlannedRequest } from '../../src/contract/plan.js';
import { referenceDescriptionPath } from '../../src/reference/description.js';
import { THINGS_DESCRIPTION } from './fixtures/servers.js';

let reference: ContractDescription;
let folder: string;
beforeAll(async () => {
  reference = await loadContractDescription(referenceDescriptionPath());
  folder = await mkdtemp(join(tmpdir(), 'vottur-plan-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const target = (r: PlannedRequest) => `${r.pathname}${r.query ? `?${r.query}` : ''}`;

async function describeYaml(name: string, yaml: string): Promise<ContractDescription> {
  const file = join(folder, name);
  await writeFile(file, yaml);
  return loadContractDescription(file);
}

describe('planRequests on the reference description', () => {
  it('builds the positive request from the examples and every probe the conventions imply', () => {
    const plan = planRequests(reference);
    expect(plan.findings).toEqual([]);
    const byPath = plan.requests.filter((r) => r.op.operationId === 'getUserProfile');
    expect(byPath.map((r) => r.kind)).toEqual(['positive', 'notFound', 'malformed', 'noAuth', 'noScope']);
    const [positive, notFound, malformed, noAuth, noScope] = byPath as [
      PlannedRequest,
      PlannedRequest,
      PlannedRequest,
      PlannedRequest,
      PlannedRequest,
    ];
    expect(target(positive)).toBe('/v2/users/0101302989?clientType=THIRD_PARTY');
    expect(positive.headers.Accept).toBe('application/json, application/problem+json');
    expect(positive.credentials).toBe('full');
    // A valid-check-digit identifier that is none of the description's examples.
    expect(notFound.identifier?.value).toMatch(/^\d{10}$/);
    expect(notFound.identifier?.value).not.toBe('0101302989');
    expect(target(notFound)).toBe(`/v2/users/${notFound.identifier!.value}?clientType=THIRD_PARTY`);
    expect(target(malformed)).toBe('/v2/users/not-a-national-id?clientType=THIRD_PARTY');
    expect(noAuth.credentials).toBe('none');
    expect(noScope.credentials).toBe('noScope');
  });

  it('puts identifiers in the X-Param headers for the dot-placeholder operations', () => {
    const plan = planRequests(reference);
    const byHeaders = plan.requests.filter((r) => r.op.operationId === 'getActorProfileByHeaders');
    expect(byHeaders.map((r) => r.kind)).toEqual([
      'positive',
      'notFound',
      'malformed',
      'malformed',
      'noAuth',
      'noScope',
    ]);
    const positive = byHeaders[0];
    expect(positive.pathname).toBe('/v2/users/.to-national-id/actor-profiles/.from-national-id');
    expect(positive.headers).toMatchObject({
      'X-Param-To-National-Id': '0101302989',
      'X-Param-From-National-Id': '1403552329',
    });
    // The not-found probe replaces the last identifier in the path: the originating party.
    expect(byHeaders[1].identifier?.parameter.name).toBe('X-Param-From-National-Id');
    expect(byHeaders[1].headers['X-Param-To-National-Id']).toBe('0101302989');
    expect(byHeaders.filter((r) => r.kind === 'malformed').map((r) => r.identifier?.parameter.name)).toEqual([
      'X-Param-To-National-Id',
      'X-Param-From-National-Id',
    ]);
  });

  it('is deterministic', () => {
    expect(planRequests(reference).requests.map(target)).toEqual(planRequests(reference).requests.map(target));
  });
});

describe('missing values', () => {
  const yaml = `openapi: 3.0.3
info: { title: t, version: 1.0.0 }
paths:
  /v1/orders/{orderNumber}:
    get:
      operationId: getOrder
      parameters:
        - { name: orderNumber, in: path, required: true, schema: { type: string, pattern: '^ORD-[0-9]+$' } }
        - { name: lang, in: query, schema: { type: string } }
      responses:
        '200': { description: ok }
  /v1/orders:
    post:
      operationId: createOrder
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [item, quantity]
              properties:
                item: { type: string, example: lamp }
                quantity: { type: integer, example: 2 }
                note: { type: string }
                id: { type: string, readOnly: true, example: x }
      responses:
        '201': { description: created }
`;

  it('are findings, not guesses; a body is composed from its properties\u2019 examples', async () => {
    const description = await describeYaml('orders.yaml', yaml);
    const plan = planRequests(description);
    expect(plan.findings).toHaveLength(1);
    expect(plan.findings[0]).toMatchObject({
      ruleId: 'contract-missing-example',
      severity: 'warn',
      category: 'documentation',
      operationId: 'getOrder',
      pointer: '/paths/~1v1~1orders~1{orderNumber}/get/parameters/0',
    });
    expect(plan.findings[0].message).toMatch(
      /no value for the path parameter orderNumber.*--data under getOrder\.positive\.orderNumber/,
    );
    expect(plan.requests.filter((r) => r.op.operationId === 'getOrder')).toEqual([]);
    const create = plan.requests.find((r) => r.op.operationId === 'createOrder')!;
    expect(JSON.parse(create.body!)).toEqual({ item: 'lamp', quantity: 2 });
    expect(create.headers['Content-Type']).toBe('application/json');
  });

  it('are filled from --data, positive and notFound', async () => {
    const description = await describeYaml('orders2.yaml', yaml);
    const dataFile = join(folder, 'data.yaml');
    await writeFile(
      dataFile,
      `getOrder:\n  positive:\n    orderNumber: ORD-1\n    query.lang: is\n  notFound:\n    orderNumber: ORD-999999\ncreateOrder:\n  positive:\n    requestBody: { item: desk, quantity: 1 }\n`,
    );
    const data = await loadDataFile(dataFile, folder);
    checkDataAgainst(data, description.operations);
    const plan = planRequests(description, { data });
    expect(plan.findings).toEqual([]);
    const get = plan.requests.filter((r) => r.op.operationId === 'getOrder');
    expect(get.map((r) => [r.kind, target(r)])).toEqual([
      ['positive', '/v1/orders/ORD-1?lang=is'],
      ['notFound', '/v1/orders/ORD-999999?lang=is'],
    ]);
    expect(JSON.parse(plan.requests.find((r) => r.op.operationId === 'createOrder')!.body!)).toEqual({
      item: 'desk',
      quantity: 1,
    });
  });

  it('can be given in JSON too, by METHOD /path', async () => {
    const description = await describeYaml('orders3.yaml', yaml);
    const dataFile = join(folder, 'data.json');
    await writeFile(
      dataFile,
      JSON.stringify({ 'GET /v1/orders/{orderNumber}': { positive: { orderNumber: 'ORD-7' } } }),
    );
    const plan = planRequests(description, { data: await loadDataFile(dataFile, folder) });
    expect(plan.requests.find((r) => r.op.operationId === 'getOrder' && r.kind === 'positive')!.pathname).toBe(
      '/v1/orders/ORD-7',
    );
  });
});

describe('a body split into allOf parts', () => {
  it('is composed from the examples of every part, nested parts too', async () => {
    const description = await describeYaml(
      'nested-allof.yaml',
      `openapi: 3.0.3
info: { title: t, version: 1.0.0 }
paths:
  /v1/leases:
    post:
      operationId: createLease
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/NewLease' }
      responses:
        '201': { description: created }
components:
  schemas:
    Named:
      required: [name]
      properties: { name: { type: string, example: Flat 3 } }
    Priced:
      allOf:
        - $ref: '#/components/schemas/Named'
        - required: [rent]
          properties: { rent: { type: integer, example: 250000 } }
    NewLease:
      allOf:
        - $ref: '#/components/schemas/Priced'
        - properties: { months: { type: integer, example: 12 } }
`,
    );
    const plan = planRequests(description);
    const create = plan.requests.find((r) => r.op.operationId === 'createLease');
    expect(plan.findings).toEqual([]);
    expect(JSON.parse(create?.body ?? 'null')).toEqual({ name: 'Flat 3', rent: 250000, months: 12 });
  });
});

describe('--data files', () => {
  it('name the first mistake in one line', async () => {
    const description = await loadContractDescription(THINGS_DESCRIPTION);
    expect(() => checkDataShape([1])).toThrow(CouldNotRunError);
    expect(() => checkDataShape({ getThing: { happy: {} } })).toThrow(
      /getThing\.happy is not a case; use positive or notFound/,
    );
    expect(() => checkDataShape({ getThing: { positive: 'x' } })).toThrow(
      /must be a mapping from parameter name to value/,
    );
    expect(() => checkDataAgainst({ getThingz: { positive: {} } }, description.operations)).toThrow(
      /has no operation getThingz; it has getThing, createThing/,
    );
    expect(() => checkDataAgainst({ getThing: { positive: { id: 'x' } } }, description.operations)).toThrow(
      /getThing\.positive\.id is not a parameter of GET \/v1\/things\/\{thingId\} \(its parameters: thingId\)/,
    );
    expect(() => checkDataAgainst({ getThing: { positive: { requestBody: {} } } }, description.operations)).toThrow(
      /takes no request body/,
    );
    const broken = join(folder, 'broken.yaml');
    await writeFile(broken, 'getThing: [unclosed');
    await expect(loadDataFile(broken, folder)).rejects.toThrow(/is not valid YAML/);
    await expect(loadDataFile(join(folder, 'missing.yaml'), folder)).rejects.toThrow(
      /cannot read the --data file .*: no such file/,
    );
  });
});

describe('serialisation', () => {
  it('follows the parameter styles', async () => {
    const description = await describeYaml(
      'styles.yaml',
      `openapi: 3.0.3
info: { title: t, version: 1.0.0 }
paths:
  /v1/items/{ids}:
    get:
      parameters:
        - { name: ids, in: path, required: true, schema: { type: array, items: { type: integer } }, example: [1, 2] }
        - { name: tag, in: query, schema: { type: array, items: { type: string } }, example: [a, b] }
        - { name: filter, in: query, style: deepObject, schema: { type: object }, example: { colour: red } }
        - { name: pipes, in: query, style: pipeDelimited, explode: false, schema: { type: array }, example: [x, y] }
        - { name: X-Trace, in: header, schema: { type: string }, example: t-1 }
        - { name: session, in: cookie, schema: { type: string }, example: s 1 }
      responses:
        '200': { description: ok }
`,
    );
    const [positive] = planRequests(description).requests;
    expect(positive.pathname).toBe('/v1/items/1,2');
    expect(positive.query).toBe('tag=a&tag=b&filter%5Bcolour%5D=red&pipes=x%7Cy');
    expect(positive.headers).toMatchObject({ 'X-Trace': 't-1', Cookie: 'session=s%201' });
  });
});

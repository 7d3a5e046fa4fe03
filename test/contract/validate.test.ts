/**
 * Response checks: OpenAPI 3.0 → JSON Schema conversion and 3.1 as JSON Schema 2020-12, and the
 * convention checks on payloads. Responses here are built in memory; the runs over real HTTP are
 * in the other files.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDigit, checkNationalIdValue, hasValidCheckDigit, isNationalIdParameter, notFoundNationalId, placeholderForHeader } from '../../src/contract/conventions.js';
import { loadContractDescription, type ContractDescription } from '../../src/contract/description.js';
import type { HttpResponse } from '../../src/contract/http.js';
import { checkResponse, SchemaValidators, type ResponseCheckContext } from '../../src/contract/validate.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'vottur-validate-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function load(name: string, yaml: string): Promise<ContractDescription> {
  const file = join(folder, name);
  await writeFile(file, yaml);
  return loadContractDescription(file);
}

function response(status: number, body: unknown, contentType = 'application/json'): HttpResponse {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return { status, headers: new Headers(contentType && text ? { 'content-type': contentType } : {}), body: text, truncated: false };
}

function check(description: ContractDescription, res: HttpResponse, operation = 0) {
  const op = description.operations[operation]!;
  const ctx: ResponseCheckContext = {
    description,
    validators: new SchemaValidators(description),
    op,
    exchange: `${op.method} /x`,
    request: { method: op.method, url: 'http://127.0.0.1/x', status: res.status },
    probe: 'the request built from the examples',
  };
  return checkResponse(ctx, res);
}

const SCHEMA_30 = `openapi: 3.0.3
info: { title: t, version: 1.0.0 }
paths:
  /v1/pets:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Page' }
        4XX:
          description: problem
          content:
            application/problem+json:
              schema: { type: object, required: [type], properties: { type: { type: string } } }
components:
  schemas:
    Page:
      type: object
      required: [data]
      properties:
        data: { type: array, items: { $ref: '#/components/schemas/Pet' } }
        total: { type: integer, minimum: 0, maximum: 100, exclusiveMaximum: true }
    Pet:
      oneOf:
        - $ref: '#/components/schemas/Cat'
        - $ref: '#/components/schemas/Dog'
      discriminator:
        propertyName: kind
    Cat:
      type: object
      additionalProperties: false
      required: [kind, name, createdTimestamp]
      properties:
        kind: { type: string, enum: [CAT] }
        name: { type: string, nullable: true, example: Tom }
        secret: { type: string, writeOnly: true }
        id: { type: string, readOnly: true }
        createdTimestamp: { type: string, format: date-time }
        born: { type: string, format: date }
        ownerNationalId: { type: string }
    Dog:
      type: object
      required: [kind, createdTimestamp]
      properties:
        kind: { type: string, enum: [DOG] }
        createdTimestamp: { type: string, format: date-time }
`;

const cat = { kind: 'CAT', name: null, id: 'c1', createdTimestamp: '2024-01-01T10:00:00.000Z', born: '2020-02-02', ownerNationalId: '0101302989' };

describe('OpenAPI 3.0 schemas', () => {
  it('accept nullable, readOnly, date and a discriminated oneOf', async () => {
    const description = await load('pets30.yaml', SCHEMA_30);
    expect(check(description, response(200, { data: [cat, { kind: 'DOG', createdTimestamp: '2024-01-01T10:00:00.5+00:00' }], total: 3 }))).toEqual([]);
  });

  it('reject writeOnly members in a response, the exclusive bound, and wrong types, naming each value', async () => {
    const description = await load('pets30b.yaml', SCHEMA_30);
    const findings = check(description, response(200, { data: [{ ...cat, secret: 's' }], total: 100 }));
    const messages = findings.filter((f) => f.ruleId === 'contract-schema').map((f) => f.message);
    expect(messages.some((m) => m.includes('`/total` is `100`'))).toBe(true);
    expect(messages.some((m) => /`\/data\/0`/.test(m))).toBe(true);
    const wrongType = check(description, response(200, { data: [], total: '3' })).find((f) => f.ruleId === 'contract-schema')!;
    expect(wrongType.message).toBe('GET /x answered 200: `/total` is `"3"` (a string); expected integer');
    expect(wrongType.pointer).toBe('/paths/~1v1~1pets/get/responses/200/content/application~1json/schema');
  });
});

describe('OpenAPI 3.1 schemas', () => {
  it('are JSON Schema 2020-12', async () => {
    const description = await load(
      'pets31.yaml',
      `openapi: 3.1.0
info: { title: t, version: 1.0.0 }
paths:
  /v1/pets:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                required: [name, createdTimestamp]
                properties:
                  name: { type: [string, 'null'] }
                  tags: { type: array, prefixItems: [{ const: first }] }
                  createdTimestamp: { type: string, format: date-time }
`,
    );
    expect(check(description, response(200, { name: null, tags: ['first'], createdTimestamp: '2024-01-01T10:00:00.000Z' }))).toEqual([]);
    const findings = check(description, response(200, { name: 1, tags: ['second'], createdTimestamp: '2024-01-01T10:00:00.000Z' }));
    expect(findings.map((f) => f.message)).toEqual([
      'GET /x answered 200: `/name` is `1` (an integer); expected string,null',
      'GET /x answered 200: `/tags/0` is `second`; expected `first`',
    ]);
  });
});

describe('convention checks on payloads', () => {
  it('find a bare array, missing createdTimestamp, a bad date-time and a hyphenated national id', async () => {
    const description = await load('pets30c.yaml', SCHEMA_30);
    const bare = check(description, response(200, [cat]));
    expect(bare.map((f) => f.ruleId)).toContain('contract-no-bare-array');

    const findings = check(description, response(200, { data: [{ ...cat, createdTimestamp: '2024-01-01 10:00:00', ownerNationalId: '010130-2989' }, { kind: 'DOG' }] }));
    const byRule = (id: string) => findings.filter((f) => f.ruleId === id).map((f) => f.message);
    expect(byRule('contract-created-timestamp')).toEqual([
      'GET /x answered 200 with the data object at `/data/1` that has no createdTimestamp; every returned data object carries createdTimestamp (when the data was created)',
    ]);
    expect(byRule('contract-date-time')).toHaveLength(1);
    expect(byRule('contract-date-time')[0]).toMatch(/`\/data\/0\/createdTimestamp` is `2024-01-01 10:00:00` \(a space instead of T, no fraction of a second, no zone/);
    expect(byRule('contract-national-id')[0]).toMatch(/`\/data\/0\/ownerNationalId` is `010130-2989`, which has a hyphen; write it as ten digits without one \(`0101302989`\)/);
    // A `format: date` value is a date, not a date-time.
    expect(findings.some((f) => f.message.includes('/born'))).toBe(false);
  });

  it('hold errors to Problem Details, in one finding per answer', async () => {
    const description = await load('pets30d.yaml', SCHEMA_30);
    expect(check(description, response(404, { type: 'https://httpstatuses.org/404', status: 404 }, 'application/problem+json'))).toEqual([]);
    const plain = check(description, response(404, { error: { code: 404, message: 'no' } }, 'application/json'));
    const problem = plain.filter((f) => f.ruleId === 'contract-problem-details');
    expect(problem).toHaveLength(1);
    expect(problem[0]!.message).toMatch(/answered 404 with Content-Type `application\/json` instead of application\/problem\+json, no `type` \(the older `\{ error: \{ code, message \} \}` form\), no `status`/);
    expect(plain.some((f) => f.ruleId === 'contract-content-type')).toBe(true);
    const mismatch = check(description, response(404, { type: 'about:blank', status: 400 }, 'application/problem+json'));
    expect(mismatch.map((f) => f.message)).toEqual([expect.stringMatching(/`status` `400`, which must equal the HTTP status 404/)]);
    const noStatus = check(description, response(404, { type: 'about:blank' }, 'application/problem+json'));
    expect(noStatus).toMatchObject([{ ruleId: 'contract-problem-details', severity: 'warn' }]);
    const html = check(description, response(500, '<html>boom</html>', 'text/html'));
    expect(html.map((f) => f.ruleId).sort()).toEqual(['contract-problem-details', 'contract-status-documented']);
  });

  it('match media types by essence and ranges, and want a Content-Type with a body', async () => {
    const description = await load('pets30e.yaml', SCHEMA_30);
    expect(check(description, response(200, { data: [] }, 'application/json; charset=utf-8'))).toEqual([]);
    expect(check(description, response(200, { data: [] }, 'text/plain')).map((f) => f.ruleId)).toEqual(['contract-content-type']);
    expect(check(description, { status: 200, headers: new Headers(), body: '{"data":[]}', truncated: false }).map((f) => f.message)).toEqual([
      'GET /x answered 200 with a body but no Content-Type; expected application/json',
    ]);
    expect(check(description, response(200, '{not json', 'application/json')).map((f) => f.message)).toEqual([expect.stringMatching(/with a body that is not valid JSON/)]);
  });
});

describe('national identifier conventions', () => {
  it('compute and check the check digit', () => {
    expect(checkDigit('01013029')).toBe(8);
    expect(hasValidCheckDigit('0101302989')).toBe(true);
    expect(hasValidCheckDigit('0101302979')).toBe(false);
    expect(checkNationalIdValue('0101302989')).toBeUndefined();
    expect(checkNationalIdValue('8101302989')).toBeUndefined(); // system identifiers carry no check digit
    expect(checkNationalIdValue('0101302979')?.problem).toBe('has a wrong check digit');
    expect(checkNationalIdValue(101302989)?.problem).toMatch(/is a number/);
    expect(checkNationalIdValue('12345')?.problem).toBe('is not ten digits');
    expect(checkNationalIdValue(null)).toBeUndefined();
  });

  it('derive a deterministic not-found identifier that avoids the examples', () => {
    const first = notFoundNationalId();
    expect(hasValidCheckDigit(first)).toBe(true);
    expect(first.endsWith('9')).toBe(true);
    expect(notFoundNationalId()).toBe(first);
    const second = notFoundNationalId([first]);
    expect(second).not.toBe(first);
    expect(hasValidCheckDigit(second)).toBe(true);
  });

  it('recognise national-identifier parameters in every form', () => {
    for (const name of ['nationalId', 'toNationalId', 'to-national-id', 'X-Param-National-Id', 'X-Param-From-National-Id', 'x-query-national-id']) {
      expect(isNationalIdParameter(name), name).toBe(true);
    }
    for (const name of ['clientType', 'id', 'nationality']) expect(isNationalIdParameter(name), name).toBe(false);
    expect(placeholderForHeader('X-Param-To-National-Id')).toBe('.to-national-id');
    expect(placeholderForHeader('X-Query-National-Id')).toBeUndefined();
  });
});

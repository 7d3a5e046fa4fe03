/**
 * Requests as the specification says, written by one writer (src/contract/request.ts) for the
 * planned requests and every generated phase: `readOnly` never sent (and `required` on it applies
 * to answers), `writeOnly` never expected back, empty values only with `allowEmptyValue`,
 * parameter styles, cookies, `content` parameters and every body media type.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Credentials } from '../../src/contract/auth.js';
import type { ContractDescription } from '../../src/contract/description.js';
import { coverageRequests } from '../../src/contract/phases/coverage.js';
import { fuzzRequest } from '../../src/contract/phases/fuzz.js';
import { baseValues, buildRequest, operationInputs } from '../../src/contract/phases/inputs.js';
import { planRequests } from '../../src/contract/plan.js';
import { SchemaValidators } from '../../src/contract/validate/index.js';
import { writeBody, MULTIPART_BOUNDARY } from '../../src/contract/request.js';
import { requestUrl } from '../../src/contract/url.js';
import { validCases } from '../../src/contract/generate/fuzz.js';
import fc from 'fast-check';
import { describeYaml, operation } from './probes/helpers.js';

const PETS = `openapi: 3.0.3
info: { title: Pets, version: 1.0.0 }
paths:
  /pets:
    get:
      operationId: listPets
      parameters:
        - { name: tags, in: query, schema: { type: array, items: { type: string } } }
        - { name: name, in: query, schema: { type: string } }
        - { name: note, in: query, allowEmptyValue: true, schema: { type: string } }
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object } } } }
    post:
      operationId: addPet
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Pet' }
            example: { id: 7, name: Snati, type: dog }
      responses:
        '201': { description: created, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
  /owners:
    post:
      operationId: addOwner
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [id, name]
              properties:
                id: { type: integer, readOnly: true }
                name: { type: string, example: Jóna }
      responses:
        '201': { description: created }
  /things/{ids}:
    get:
      operationId: getThings
      parameters:
        - { name: ids, in: path, required: true, style: label, explode: true, schema: { type: array, items: { type: string } }, example: [a, b] }
        - { name: filter, in: query, style: deepObject, schema: { type: object }, example: { colour: red, size: 2 } }
        - { name: pipes, in: query, style: pipeDelimited, explode: false, schema: { type: array, items: { type: string } }, example: [x, y] }
        - { name: url, in: query, allowReserved: true, schema: { type: string }, example: 'a/b:c' }
        - { name: session, in: cookie, schema: { type: string }, example: s1 }
        - { name: where, in: query, content: { application/json: { schema: { type: object }, example: { lat: 64 } } } }
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object } } } }
  /forms:
    post:
      operationId: sendForm
      requestBody:
        required: true
        content:
          application/x-www-form-urlencoded:
            schema: { type: object, properties: { a: { type: string, example: 'x y' } } }
      responses:
        '204': { description: done }
components:
  schemas:
    Pet:
      type: object
      required: [id, name]
      properties:
        id: { type: integer, readOnly: true }
        name: { type: string }
        type: { type: string, enum: [dog, cat] }
`;

const credentials: Credentials = { base: {}, full: {}, secrets: [], hasCredentials: false };
const server = new URL('http://127.0.0.1:3000/');

let pets: ContractDescription;
beforeAll(async () => {
  pets = await describeYaml(PETS);
});

function bodyOf(text: string | undefined): unknown {
  return text === undefined ? undefined : JSON.parse(text);
}

describe('readOnly in requests', () => {
  it('the planned request leaves out the example’s read-only id', () => {
    const positive = planRequests(pets).requests.find((r) => r.op.operationId === 'addPet' && r.kind === 'positive');
    expect(bodyOf(positive?.body)).toEqual({ name: 'Snati', type: 'dog' });
  });

  it('a required read-only property does not make the body underivable (no contract-missing-example)', () => {
    const plan = planRequests(pets);
    expect(plan.findings.filter((f) => f.message.includes('addOwner') || f.message.includes('/owners'))).toEqual([]);
    const positive = plan.requests.find((r) => r.op.operationId === 'addOwner' && r.kind === 'positive');
    expect(bodyOf(positive?.body)).toEqual({ name: 'Jóna' });
  });

  it('the coverage phase never sends the read-only id, and never calls a body without it invalid', () => {
    const op = operation(pets, 'addPet');
    const inputs = operationInputs(pets, op, undefined);
    const requests = coverageRequests({ server, credentials }, { op, inputs, index: 0 });
    expect(requests.length).toBeGreaterThan(3);
    for (const r of requests) {
      const body = bodyOf(r.request.body);
      if (body && typeof body === 'object') expect(body).not.toHaveProperty('id');
      expect(r.constraint ?? '').not.toMatch(/\bid\b/);
    }
  });

  it('the fuzz phase never sends it either', () => {
    const op = operation(pets, 'addPet');
    const inputs = operationInputs(pets, op, undefined);
    for (const generated of fc.sample(validCases(inputs), { seed: 1, numRuns: 50 })) {
      const body = bodyOf(fuzzRequest({ server, credentials }, op, inputs, generated, true).request.body);
      if (body && typeof body === 'object') expect(body).not.toHaveProperty('id');
    }
  });
});

describe('writeOnly in answers', () => {
  it('a required writeOnly property is not expected back (OpenAPI 3.0 and 3.1)', async () => {
    for (const version of ['3.0.3', '3.1.0']) {
      const description = await describeYaml(`openapi: ${version}
info: { title: Accounts, version: 1.0.0 }
paths:
  /accounts:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                required: [name, password]
                properties:
                  name: { type: string }
                  password: { type: string, writeOnly: true }
`);
      const compiled = new SchemaValidators(description).validatorFor([
        'paths',
        '/accounts',
        'get',
        'responses',
        '200',
        'content',
        'application/json',
        'schema',
      ]);
      expect('validate' in compiled && compiled.validate({ name: 'a' }), version).toBe(true);
    }
  });
});

describe('empty values', () => {
  it('an empty query value is sent as a valid value only where allowEmptyValue says so', () => {
    const op = operation(pets, 'listPets');
    const inputs = operationInputs(pets, op, undefined);
    const requests = coverageRequests({ server, credentials }, { op, inputs, index: 0 });
    const positives = requests.filter((r) => r.answer === 'positive-data-accepted').map((r) => r.request.url.search);
    for (const search of positives) {
      expect(search).not.toMatch(/[?&](tags|name)=(&|$)/);
    }
    for (const generated of fc.sample(validCases(inputs), { seed: 3, numRuns: 200 })) {
      const url = fuzzRequest({ server, credentials }, op, inputs, generated, true).request.url;
      expect(url.search).not.toMatch(/[?&](tags|name)=(&|$)/);
    }
    // The one input that allows it may get one.
    const note = inputs.find((input) => input.key === 'query:note');
    expect(note?.schema.minLength).toBeUndefined();
  });

  it('a path value is never empty', () => {
    const op = operation(pets, 'getThings');
    const inputs = operationInputs(pets, op, undefined);
    for (const generated of fc.sample(validCases(inputs), { seed: 5, numRuns: 100 })) {
      const url = fuzzRequest({ server, credentials }, op, inputs, generated, true).request.url;
      expect(url.pathname).not.toMatch(/\/things\/?$/);
      expect(url.pathname).not.toContain('{ids}');
    }
  });
});

describe('one request writer', () => {
  it('the planned request and the phases’ base request of an operation are the same request', () => {
    for (const id of ['getThings', 'addPet', 'sendForm', 'listPets']) {
      const op = operation(pets, id);
      const planned = planRequests(pets).requests.find((r) => r.op === op && r.kind === 'positive');
      expect(planned, id).toBeDefined();
      if (!planned) continue;
      const inputs = operationInputs(pets, op, undefined);
      const generated = buildRequest(server, op, inputs, baseValues(inputs), {});
      expect(generated.url.href, id).toBe(requestUrl(server, planned.pathname, planned.query).href);
      expect(generated.headers, id).toEqual(planned.headers);
      expect(generated.body, id).toEqual(planned.body);
    }
  });

  it('writes styles, allowReserved, cookies and content parameters as OpenAPI says', () => {
    const op = operation(pets, 'getThings');
    const inputs = operationInputs(pets, op, undefined);
    const request = buildRequest(server, op, inputs, baseValues(inputs), {});
    expect(request.url.pathname).toBe('/things/.a.b');
    expect(request.url.search).toBe(
      `?filter%5Bcolour%5D=red&filter%5Bsize%5D=2&pipes=x%7Cy&url=a/b:c&where=${encodeURIComponent('{"lat":64}')}`,
    );
    expect(request.headers.Cookie).toBe('session=s1');
  });

  it('sends a form body as a form, not as JSON', () => {
    const op = operation(pets, 'sendForm');
    const inputs = operationInputs(pets, op, undefined);
    const request = buildRequest(server, op, inputs, baseValues(inputs), {});
    expect(request.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(request.body).toBe('a=x%20y');
  });

  it('writes multipart and XML bodies', () => {
    const multipart = writeBody('multipart/form-data', { name: 'Snati', meta: { a: 1 } });
    expect(multipart.contentType).toBe(`multipart/form-data; boundary=${MULTIPART_BOUNDARY}`);
    expect(multipart.text).toContain('Content-Disposition: form-data; name="name"\r\n\r\nSnati\r\n');
    expect(multipart.text).toContain('Content-Type: application/json\r\n\r\n{"a":1}');
    expect(multipart.text.endsWith(`--${MULTIPART_BOUNDARY}--\r\n`)).toBe(true);
    expect(writeBody('application/xml', { name: 'a<b' }).text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><root><name>a&lt;b</name></root>',
    );
  });
});

describe('contract-missing-example', () => {
  it('says which requests are not sent: the planned ones, not the generated phases’', async () => {
    const description = await describeYaml(`openapi: 3.0.3
info: { title: Q, version: 1.0.0 }
paths:
  /q:
    get:
      operationId: ask
      parameters:
        - { name: term, in: query, required: true, schema: { type: string } }
      responses:
        '200': { description: ok }
`);
    const [finding] = planRequests(description).findings;
    expect(finding?.ruleId).toBe('contract-missing-example');
    expect(finding?.message).toContain('the examples phase sends none of its planned requests');
    expect(finding?.message).not.toContain('its requests are not sent');
  });
});

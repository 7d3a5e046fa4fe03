/** The generated phases' request builder: an operation's inputs, and values for them, as one HTTP request. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContractDescription } from '../../../src/contract/description.js';
import { baseValues, buildRequest, headerValue, operationInputs } from '../../../src/contract/phases/inputs.js';
import { describeYaml, operation } from '../probes/helpers.js';

const SEARCH = `openapi: 3.0.3
info: { title: Search, version: 1.0.0 }
paths:
  /v1/people/{name}:
    post:
      operationId: findPerson
      parameters:
        - { name: name, in: path, required: true, schema: { type: string }, example: Jón }
        - { name: tags, in: query, schema: { type: array, items: { type: string } } }
        - { name: q, in: query, schema: { type: string }, example: 'a b&c' }
        - { name: X-Param-Place, in: header, required: true, schema: { type: string }, example: Þórshöfn }
        - { name: Accept, in: header, schema: { type: string } }
        - { name: session, in: cookie, schema: { type: string } }
      requestBody:
        required: true
        content:
          application/json:
            schema: { type: object, required: [city], properties: { city: { type: string } } }
            example: { city: Akureyri }
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object } } } }
        '400': { description: bad, content: { application/problem+json: { schema: { type: object } } } }
`;

let search: ContractDescription;
beforeAll(async () => {
  search = await describeYaml(SEARCH);
});

describe('operationInputs', () => {
  it('lists each parameter (cookies too) and the JSON body, leaving out Accept, with the example as the base value', () => {
    const inputs = operationInputs(search, operation(search, 'findPerson'), undefined);
    expect(inputs.map((input) => [input.key, input.required, input.present, input.base])).toEqual([
      ['path:name', true, true, 'Jón'],
      ['query:tags', false, false, expect.anything()],
      ['query:q', false, true, 'a b&c'],
      ['header:X-Param-Place', true, true, 'Þórshöfn'],
      ['cookie:session', false, false, expect.anything()],
      ['body', true, true, { city: 'Akureyri' }],
    ]);
  });

  it('takes --data values over the examples', () => {
    const inputs = operationInputs(search, operation(search, 'findPerson'), {
      findPerson: { positive: { name: 'Guðrún', requestBody: { city: 'Ísafjörður' } } },
    });
    expect(baseValues(inputs)).toMatchObject({ 'path:name': 'Guðrún', body: { city: 'Ísafjörður' } });
  });
});

describe('buildRequest', () => {
  const server = new URL('https://api.example.is/base/');

  it('writes path, query, header and body, with the credentials and the documented media types', () => {
    const op = operation(search, 'findPerson');
    const inputs = operationInputs(search, op, undefined);
    const request = buildRequest(
      server,
      op,
      inputs,
      { ...baseValues(inputs), 'query:tags': ['x', 'ý'] },
      { Authorization: 'Bearer t' },
    );
    expect(request.method).toBe('POST');
    expect(request.url.href).toBe('https://api.example.is/base/v1/people/J%C3%B3n?tags=x&tags=%C3%BD&q=a%20b%26c');
    expect(request.headers).toEqual({
      Authorization: 'Bearer t',
      'X-Param-Place': '%C3%9E%C3%B3rsh%C3%B6fn',
      Accept: 'application/json, application/problem+json',
      'Content-Type': 'application/json',
    });
    expect(request.body).toBe('{"city":"Akureyri"}');
  });

  it('leaves out an input without a value, and sends no body or Content-Type without one', () => {
    const op = operation(search, 'findPerson');
    const inputs = operationInputs(search, op, undefined);
    const request = buildRequest(server, op, inputs, { 'path:name': 'a/b' }, {});
    expect(request.url.href).toBe('https://api.example.is/base/v1/people/a%2Fb');
    expect(request.headers).toEqual({ Accept: 'application/json, application/problem+json' });
    expect(request.body).toBeUndefined();
  });
});

describe('headerValue', () => {
  it('keeps visible ASCII and inner spaces, percent-encodes the rest (non-ASCII, control characters)', () => {
    expect(headerValue('0101302989')).toBe('0101302989');
    expect(headerValue(' a b ')).toBe('a b');
    expect(headerValue('þ\u0000\r\n')).toBe('%C3%BE%00%0D%0A');
    expect(headerValue(['a', 1])).toBe('a,1');
  });
});

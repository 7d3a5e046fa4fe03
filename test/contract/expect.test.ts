/**
 * The probes' messages, word for word: each reads as a sentence whatever the identifier is called
 * and wherever it goes (never "answered 401 to the malformed the path parameter").
 */
import { describe, expect, it } from 'vitest';
import { checkExpectation, type ExpectationContext } from '../../src/contract/expect.js';
import type { PlannedRequest } from '../../src/contract/plan.js';
import type { HttpResponse } from '../../src/contract/http.js';

const op = {
  label: 'GET /v2/users/{nationalId}',
  method: 'get',
  pathKey: '/v2/users/{nationalId}',
  responses: [
    { status: '200', content: {} },
    { status: '204', content: {} },
  ],
  scopes: ['read'],
  security: [[{ name: 'oauth', kind: 'bearer' }]],
  path: ['paths', '/v2/users/{nationalId}', 'get'],
};

function context(exchange: string): ExpectationContext {
  return {
    description: { displayPath: 'api.yaml' },
    op,
    exchange,
    request: { method: 'GET', url: `http://127.0.0.1${exchange.split(' ')[1]}` },
    probe: 'the probe',
    hasCredentials: true,
  } as unknown as ExpectationContext;
}

function planned(kind: PlannedRequest['kind'], where: 'path' | 'header', value: string): PlannedRequest {
  return {
    kind,
    op,
    identifier: { parameter: { name: where === 'path' ? 'nationalId' : 'X-Param-National-Id', in: where }, value },
  } as unknown as PlannedRequest;
}

function answer(status: number, body = ''): HttpResponse {
  return { status, headers: new Headers(), body, truncated: false };
}

function messages(
  kind: PlannedRequest['kind'],
  where: 'path' | 'header',
  value: string,
  response: HttpResponse,
): string[] {
  return checkExpectation(context(`GET /v2/users/${value}`), planned(kind, where, value), response).map(
    (f) => f.message,
  );
}

describe('probe messages', () => {
  it('the malformed-identifier probe', () => {
    expect(messages('malformed', 'path', '01013029', answer(401))).toEqual([
      'GET /v2/users/01013029 answered 401 to a malformed path parameter nationalId (`01013029`); expected 400 with Problem Details',
    ]);
    expect(messages('malformed', 'header', 'abc', answer(200))).toEqual([
      'GET /v2/users/abc answered 200 to a malformed header parameter X-Param-National-Id (`abc`), so the server did not validate it; expected 400 with Problem Details',
    ]);
    expect(messages('malformed', 'path', 'abc', answer(500))).toEqual([
      'GET /v2/users/abc answered 500 to a malformed path parameter nationalId (`abc`); bad input must never cause a 5xx: answer 400 with Problem Details',
    ]);
    expect(messages('malformed', 'path', 'abc', answer(400))).toEqual([]);
  });

  it('the not-found probe', () => {
    expect(messages('notFound', 'path', '1203894599', answer(404))).toEqual([
      'GET /v2/users/1203894599 answered 404 for the path parameter nationalId (`1203894599`), an identifier of the right form that should not exist; expected 204 with an empty body; the platform answers a resource that does not exist (or is not accessible) with 204, not 404',
    ]);
    expect(messages('notFound', 'header', '1203894599', answer(204, '{}'))).toEqual([
      'GET /v2/users/1203894599 answered 204 for the header parameter X-Param-National-Id (`1203894599`), an identifier that should not exist, but with a body; a 204 has an empty body',
    ]);
    expect(messages('notFound', 'path', '1203894599', answer(204))).toEqual([]);
  });
});

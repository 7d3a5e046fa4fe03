/**
 * Every answer check, both ways: answers that pass it, and answers that fail it with the rule and
 * the message it reports. The probes and the generated phases judge answers only through these.
 */
import { describe, expect, it } from 'vitest';
import {
  ANSWER_CHECKS,
  answerCheckRules,
  checkAnswer,
  type AnswerCheckId,
  type AnswerRequest,
} from '../../src/contract/answers/index.js';
import type { HttpResponse } from '../../src/contract/http.js';

const op = {
  label: 'GET /v2/users/{nationalId}',
  operationId: 'getUser',
  method: 'GET',
  pathKey: '/v2/users/{nationalId}',
  responses: [
    { status: '200', content: {} },
    { status: '204', content: {} },
  ],
  scopes: ['read'],
  security: [[{ name: 'oauth', kind: 'bearer' }]],
  path: ['paths', '/v2/users/{nationalId}', 'get'],
} as unknown as AnswerRequest['op'];

const identifier = {
  parameter: { name: 'nationalId', in: 'path' },
  value: '1203894599',
} as unknown as AnswerRequest['identifier'];

function answer(status: number, body = '', headers: Record<string, string> = {}): HttpResponse {
  return { status, headers: new Headers(headers), body, truncated: false };
}

const label = 'GET /v2/users/1203894599';

/** Per check: the request it is told of, answers that pass, and failing answers with [rule, message]. */
const CASES: Record<
  AnswerCheckId,
  { request: Partial<AnswerRequest>; pass: HttpResponse[]; fail: Array<[HttpResponse, string, string]> }
> = {
  'example-succeeds': {
    request: { hasCredentials: true },
    pass: [answer(200), answer(204)],
    fail: [
      [
        answer(401),
        'contract-example-succeeds',
        `${label}, built from the description's examples, answered 401; expected 200 or 204; the credentials given were not accepted`,
      ],
      [
        answer(404),
        'contract-example-succeeds',
        `${label}, built from the description's examples, answered 404; expected 200 or 204; if the example values do not exist on this server, give ones that do in --data under getUser.positive`,
      ],
      [
        // A 5xx is a server error whatever request met it (issue 36, L-2): not "the example failed".
        answer(500),
        'contract-server-error',
        `${label} (the example-succeeds check) answered 500; no input may cause a server error: answer a valid request, or refuse a bad one with 400 Problem Details`,
      ],
    ],
  },
  'not-found-204': {
    request: { identifier },
    pass: [answer(204)],
    fail: [
      [
        answer(404),
        'contract-not-found-204',
        `${label} answered 404 for the path parameter nationalId (\`1203894599\`), an identifier of the right form that should not exist; expected 204 with an empty body; the platform answers a resource that does not exist (or is not accessible) with 204, not 404`,
      ],
      [
        answer(204, '{}'),
        'contract-not-found-204',
        `${label} answered 204 for the path parameter nationalId (\`1203894599\`), an identifier that should not exist, but with a body; a 204 has an empty body`,
      ],
    ],
  },
  'invalid-input-400': {
    request: { identifier },
    pass: [answer(400)],
    fail: [
      [
        answer(200),
        'contract-invalid-input-400',
        `${label} answered 200 to a malformed path parameter nationalId (\`1203894599\`), so the server did not validate it; expected 400 with Problem Details`,
      ],
      [
        answer(500),
        'contract-server-error',
        `${label} answered 500 to a malformed path parameter nationalId (\`1203894599\`); bad input must never cause a 5xx: answer 400 with Problem Details`,
      ],
    ],
  },
  'auth-required-401': {
    request: {},
    pass: [answer(401)],
    fail: [
      [
        answer(200),
        'contract-auth-required',
        `${label} answered 200 without credentials, though GET /v2/users/{nationalId} declares security; it must answer 401 with Problem Details`,
      ],
      [
        answer(403),
        'contract-auth-required',
        `${label} answered 403 without credentials; expected 401 (403 means authenticated but not permitted)`,
      ],
    ],
  },
  'scope-required-403': {
    request: {},
    pass: [answer(403)],
    fail: [
      [
        answer(200),
        'contract-auth-required',
        `${label} answered 200 to a token without the scope read; it must answer 403 with Problem Details`,
      ],
      [
        answer(401),
        'contract-auth-required',
        `${label} answered 401 to a valid token without the scope read; expected 403 (the caller is authenticated, only not permitted)`,
      ],
    ],
  },
  'positive-data-accepted': {
    request: { phase: 'fuzz' },
    pass: [answer(200), answer(204), answer(404)],
    fail: [
      [
        answer(400),
        'contract-positive-data-accepted',
        `${label} (fuzz phase) answered 400, though every value it sends is one the description allows; accept it, or document the constraint that refuses it`,
      ],
      [
        answer(500),
        'contract-server-error',
        `${label} (fuzz phase, values the description allows) answered 500; no input may cause a server error: answer a valid request, or refuse a bad one with 400 Problem Details`,
      ],
    ],
  },
  'negative-data-rejected': {
    request: { phase: 'coverage', input: 'query:limit', constraint: 'maximum 100' },
    pass: [answer(400), answer(422)],
    fail: [
      [
        answer(200),
        'contract-negative-data-rejected',
        `${label} (coverage phase) answered 200 to an invalid query:limit (maximum 100); the server must refuse it with 400 Problem Details`,
      ],
      [
        answer(503),
        'contract-server-error',
        `${label} (coverage phase, an invalid query:limit: maximum 100) answered 503; no input may cause a server error: answer a valid request, or refuse a bad one with 400 Problem Details`,
      ],
    ],
  },
  'missing-required-input': {
    request: { phase: 'coverage', input: 'header:X-Param-National-Id' },
    pass: [answer(400)],
    fail: [
      [
        answer(204),
        'contract-missing-required-input',
        `${label} (coverage phase) answered 204 without the required header:X-Param-National-Id; the server must refuse it with 400 Problem Details`,
      ],
      [
        answer(500),
        'contract-server-error',
        `${label} (coverage phase, no header:X-Param-National-Id) answered 500; no input may cause a server error: answer a valid request, or refuse a bad one with 400 Problem Details`,
      ],
    ],
  },
  'forged-token-401': {
    request: { phase: 'coverage', token: 'a garbage token' },
    pass: [answer(401), answer(400)],
    fail: [
      [
        answer(200),
        'contract-ignored-auth',
        `${label} answered 200 to a forged token (a garbage token); the server must check every token and answer 401`,
      ],
      [
        answer(403),
        'contract-ignored-auth',
        `${label} answered 403 to a forged token (a garbage token); a token that is not valid is answered 401 (403 is for a valid token without the permission)`,
      ],
      [
        answer(500),
        'contract-server-error',
        `${label} (coverage phase, a forged token (a garbage token)) answered 500; no input may cause a server error: answer a valid request, or refuse a bad one with 400 Problem Details`,
      ],
    ],
  },
  'undocumented-method-405': {
    request: { phase: 'coverage', documented: ['GET', 'HEAD'] },
    pass: [answer(405, '', { allow: 'GET, HEAD' })],
    fail: [
      [
        answer(405),
        'contract-unsupported-method',
        `${label}, a method the description does not document for this path, answered 405 without an Allow header; list the documented methods (Allow: GET, HEAD)`,
      ],
      [
        answer(200),
        'contract-unsupported-method',
        `${label}, a method the description does not document for this path, answered 200; expected 405 with Allow: GET, HEAD`,
      ],
    ],
  },
  'no-server-error': {
    request: { phase: 'fuzz', constraint: 'query:tag given twice' },
    pass: [answer(200), answer(400), answer(404), answer(414)],
    fail: [
      [
        answer(500),
        'contract-server-error',
        `${label} (fuzz phase, query:tag given twice) answered 500; no input may cause a server error: answer a valid request, or refuse a bad one with 400 Problem Details`,
      ],
    ],
  },
};

describe('the answer checks', () => {
  it('every registered check has cases here, and only registered ones', () => {
    expect(Object.keys(CASES).sort()).toEqual(ANSWER_CHECKS.map((check) => check.id).sort());
  });

  describe.each(ANSWER_CHECKS.map((check) => [check.id] as const))('%s', (id) => {
    const { request, pass, fail } = CASES[id];
    const told: AnswerRequest = { op, label, ...request };

    it('passes the answers its request must get', () => {
      for (const response of pass) expect(checkAnswer(id, told, response), String(response.status)).toBeUndefined();
    });

    it('judges a 5xx a server error before its own expectation, whatever the check (issue 36, L-2/L-3)', () => {
      for (const status of [500, 502, 503]) {
        expect(checkAnswer(id, told, answer(status))?.rule, `${id} ${status}`).toBe('contract-server-error');
        expect(answerCheckRules(id)).toContain('contract-server-error');
      }
    });

    it('reports every other answer under one of its rules, with the message', () => {
      for (const [response, rule, message] of fail) {
        expect(checkAnswer(id, told, response)).toEqual({ rule, message });
        expect(answerCheckRules(id)).toContain(rule);
      }
    });
  });
});

describe('positive data refused by a business rule', () => {
  const told: AnswerRequest = { op, label, phase: 'coverage' };
  const problem = (body: object) => answer(422, JSON.stringify(body), { 'content-type': 'application/problem+json' });

  it('is a warning for review when the Problem Details name a rule of their own', () => {
    expect(
      checkAnswer(
        'positive-data-accepted',
        told,
        problem({
          type: 'https://island.is/problems/no-relation',
          title: 'The two people have no relation',
          status: 422,
        }),
      ),
    ).toEqual({
      rule: 'contract-positive-data-accepted',
      severity: 'warn',
      message: `${label} (coverage phase) answered 422 with Problem Details naming a business rule (\`https://island.is/problems/no-relation\`: The two people have no relation), though every value it sends is one the description allows; needs review: if the rule is right, document it in the description, and give values that satisfy it in --data or the examples`,
    });
  });

  it('stays an error for a validation problem, a generic type, or no Problem Details', () => {
    for (const response of [
      problem({ type: 'https://example.is/problems/validation-error', title: 'Invalid input', status: 422 }),
      problem({
        type: 'https://example.is/problems/x',
        title: 'Refused',
        status: 422,
        'invalid-params': [{ name: 'limit' }],
      }),
      problem({ type: 'about:blank', title: 'Unprocessable', status: 422 }),
      answer(422, '{"error":"no"}', { 'content-type': 'application/json' }),
    ]) {
      const verdict = checkAnswer('positive-data-accepted', told, response);
      expect(verdict?.rule).toBe('contract-positive-data-accepted');
      expect(verdict?.severity).toBeUndefined();
    }
  });
});

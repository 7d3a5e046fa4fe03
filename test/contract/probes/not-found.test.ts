/** The not-found probe: an identifier of the right form that does not exist must be answered 204, empty. */
import { beforeAll, describe, expect, it } from 'vitest';
import { checkExpectation } from '../../../src/contract/expect.js';
import { hasValidCheckDigit } from '../../../src/contract/conventions.js';
import type { ContractDescription } from '../../../src/contract/description.js';
import { planRequests } from '../../../src/contract/plan.js';
import notFound from '../../../src/contract/probes/not-found.js';
import { answer, contextFor, describeYaml, onePlannedBy, operation, plannedBy, USERS } from './helpers.js';

let users: ContractDescription;
beforeAll(async () => {
  users = await describeYaml(USERS);
});

describe('the not-found probe', () => {
  it('replaces the resource identifier of a GET with one of its form that no one has', () => {
    const planned = onePlannedBy(users, 'notFound', 'getUser');
    const value = planned.identifier?.value ?? '';
    expect(planned.identifier?.parameter.name).toBe('nationalId');
    expect(hasValidCheckDigit(value)).toBe(true);
    // None of the description's ten-digit values, and the query's national identifier is kept.
    expect(['0101302989', '1403552329']).not.toContain(value);
    expect(`${planned.pathname}?${planned.query}`).toBe(`/v1/users/${value}?toNationalId=1403552329&code=abc`);
    expect(planned.credentials).toBe('full');
    expect(onePlannedBy(users, 'notFound', 'getPublic').pathname).toBe(
      '/v1/public/00000000-0000-4000-8000-000000000000',
    );
  });

  it('is not sent for other methods, nor without a resource identifier, unless --data names one', () => {
    expect(plannedBy(users, 'notFound', 'replaceUser')).toEqual([]);
    expect(plannedBy(users, 'notFound', 'getWithBearer')).toEqual([]);
    const data = { replaceUser: { notFound: { nationalId: '1203894409' } } };
    const [given, ...more] = planRequests(users, { data }).requests.filter(
      (r) => r.kind === 'notFound' && r.op.operationId === 'replaceUser',
    );
    expect(more).toEqual([]);
    expect(given?.pathname).toBe('/v1/users/1203894409');
    expect(given?.identifier?.value).toBe('1203894409');
  });

  it('says when no identifier of the right form can be derived', async () => {
    const description = await describeYaml(`openapi: 3.0.3
info: { title: t, version: 1.0.0 }
paths:
  /v1/codes/{code}:
    get:
      operationId: getCode
      parameters:
        - { name: code, in: path, required: true, schema: { type: string, enum: [A, B] }, example: A }
      responses:
        '200': { description: ok }
`);
    const plan = planRequests(description);
    expect(plan.requests.map((r) => r.kind)).toEqual(['positive']);
    expect(plan.findings.map((f) => [f.ruleId, f.message])).toEqual([
      [
        'contract-missing-example',
        'GET /v1/codes/{code}: vottur cannot derive an identifier of the right form that does not exist for the path parameter code, so the not-found probe (expects 204) is not sent; give one in --data under getCode.notFound.code',
      ],
    ]);
  });

  it('passes 204 with an empty body', () => {
    const planned = onePlannedBy(users, 'notFound', 'getUser');
    expect(checkExpectation(contextFor(users, planned), planned, answer(204))).toEqual([]);
  });

  it('fails a 404, a 204 with a body, a success and a 400, each with its reason', () => {
    const planned = onePlannedBy(users, 'notFound', 'getUser');
    const value = planned.identifier?.value ?? '';
    const exchange = `GET /v1/users/${value}?toNationalId=1403552329&code=abc`;
    const messages = (status: number, body = '') =>
      checkExpectation(contextFor(users, planned), planned, answer(status, body)).map((f) => [f.ruleId, f.message]);
    const rightForm = `${exchange} answered %s for the path parameter nationalId (\`${value}\`), an identifier of the right form that should not exist; expected 204 with an empty body`;
    expect(messages(404)).toEqual([
      [
        'contract-not-found-204',
        `${rightForm.replace('%s', '404')}; the platform answers a resource that does not exist (or is not accessible) with 204, not 404`,
      ],
    ]);
    expect(messages(204, '{}')).toEqual([
      [
        'contract-not-found-204',
        `${exchange} answered 204 for the path parameter nationalId (\`${value}\`), an identifier that should not exist, but with a body; a 204 has an empty body`,
      ],
    ]);
    expect(messages(200, '{}')).toEqual([
      [
        'contract-not-found-204',
        `${rightForm.replace('%s', '200')}; if that identifier does exist on this server, give one that does not in --data under notFound`,
      ],
    ]);
    expect(messages(400)).toEqual([
      [
        'contract-not-found-204',
        `${rightForm.replace('%s', '400')}; the identifier is well formed (valid check digit), so it must not be rejected as bad input`,
      ],
    ]);
    // A 5xx is a server error whatever request met it (issue 36, L-2/L-3).
    expect(messages(500)).toEqual([
      [
        'contract-server-error',
        `${exchange} (with the path parameter nationalId (\`${value}\`)) answered 500; no input may cause a server error: answer a valid request, or refuse a bad one with 400 Problem Details`,
      ],
    ]);
  });

  it("stands for Dredd's 404 transactions and a 204 beside another success", () => {
    const getUser = operation(users, 'getUser');
    expect(notFound.dredd.standsFor(404, getUser)).toBe(true);
    expect(notFound.dredd.standsFor(204, getUser)).toBe(true);
    expect(notFound.dredd.standsFor(204, operation(users, 'replaceUser'))).toBe(false);
    expect(notFound.dredd.standsFor(200, getUser)).toBe(false);
    expect(notFound.dredd.whenNotSent(getUser)).toBe('no identifier that does not exist could be derived');
  });
});

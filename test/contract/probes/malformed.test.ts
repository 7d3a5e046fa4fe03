/** The malformed-identifier probe: an identifier of the wrong form must be answered 400, never a 5xx or a success. */
import { beforeAll, describe, expect, it } from 'vitest';
import { checkExpectation } from '../../../src/contract/expect.js';
import type { ContractDescription } from '../../../src/contract/description.js';
import malformed from '../../../src/contract/probes/malformed.js';
import { answer, contextFor, describeYaml, operation, plannedBy, USERS } from './helpers.js';

let users: ContractDescription;
beforeAll(async () => {
  users = await describeYaml(USERS);
});

describe('the malformed-identifier probe', () => {
  it('sends one request per national-identifier, uuid or integer identifier, whatever the method', () => {
    const getUser = plannedBy(users, 'malformed', 'getUser');
    expect(getUser.map((r) => [r.identifier?.parameter.name, `${r.pathname}?${r.query}`])).toEqual([
      ['nationalId', '/v1/users/not-a-national-id?toNationalId=1403552329&code=abc'],
      ['toNationalId', '/v1/users/0101302989?toNationalId=not-a-national-id&code=abc'],
    ]);
    expect(plannedBy(users, 'malformed', 'replaceUser').map((r) => r.pathname)).toEqual([
      '/v1/users/not-a-national-id',
    ]);
    expect(plannedBy(users, 'malformed', 'getPublic').map((r) => r.pathname)).toEqual(['/v1/public/not-a-uuid']);
    expect(plannedBy(users, 'malformed', 'getWithBearer')).toEqual([]);
  });

  it('passes a 400', () => {
    const [planned] = plannedBy(users, 'malformed', 'getUser');
    if (!planned) throw new Error('no malformed request');
    expect(
      checkExpectation(contextFor(users, planned), planned, answer(400, '{}', 'application/problem+json')),
    ).toEqual([]);
  });

  it('fails a 5xx, a success and any other status', () => {
    const [planned] = plannedBy(users, 'malformed', 'getUser');
    if (!planned) throw new Error('no malformed request');
    const exchange = 'GET /v1/users/not-a-national-id?toNationalId=1403552329&code=abc';
    const messages = (status: number) =>
      checkExpectation(contextFor(users, planned), planned, answer(status)).map((f) => [f.ruleId, f.message]);
    const identifier = 'a malformed path parameter nationalId (`not-a-national-id`)';
    // A 5xx is a server error whatever request met it (issue 36, L-2/L-3).
    expect(messages(500)).toEqual([
      [
        'contract-server-error',
        `${exchange} answered 500 to ${identifier}; bad input must never cause a 5xx: answer 400 with Problem Details`,
      ],
    ]);
    expect(messages(200)).toEqual([
      [
        'contract-invalid-input-400',
        `${exchange} answered 200 to ${identifier}, so the server did not validate it; expected 400 with Problem Details`,
      ],
    ]);
    expect(messages(404)).toEqual([
      ['contract-invalid-input-400', `${exchange} answered 404 to ${identifier}; expected 400 with Problem Details`],
    ]);
  });

  it("stands for Dredd's 400 transactions", () => {
    const getUser = operation(users, 'getUser');
    expect([200, 204, 400, 401, 404].filter((status) => malformed.dredd.standsFor(status, getUser))).toEqual([400]);
    expect(malformed.dredd.whenNotSent(getUser)).toBe('no malformed value can be derived for its parameters');
  });
});

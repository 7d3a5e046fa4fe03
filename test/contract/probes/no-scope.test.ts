/** The probe with a token without the scope: an operation whose security names scopes must answer 403. */
import { beforeAll, describe, expect, it } from 'vitest';
import { checkExpectation } from '../../../src/contract/expect.js';
import type { ContractDescription } from '../../../src/contract/description.js';
import noScope from '../../../src/contract/probes/no-scope.js';
import { answer, contextFor, describeYaml, onePlannedBy, operation, plannedBy, USERS } from './helpers.js';

let users: ContractDescription;
beforeAll(async () => {
  users = await describeYaml(USERS);
});

describe('the probe with a token without the scope', () => {
  it('sends the request from the examples with the scope-less token, where scopes are named', () => {
    for (const operationId of ['getUser', 'replaceUser'])
      expect(onePlannedBy(users, 'noScope', operationId).credentials).toBe('noScope');
    expect(plannedBy(users, 'noScope', 'getWithBearer')).toEqual([]);
    expect(plannedBy(users, 'noScope', 'getPublic')).toEqual([]);
  });

  it('passes a 403', () => {
    const planned = onePlannedBy(users, 'noScope', 'replaceUser');
    expect(
      checkExpectation(contextFor(users, planned), planned, answer(403, '{}', 'application/problem+json')),
    ).toEqual([]);
  });

  it('fails a success, a 401 and any other status, naming the scope', () => {
    const planned = onePlannedBy(users, 'noScope', 'replaceUser');
    const messages = (status: number) =>
      checkExpectation(contextFor(users, planned), planned, answer(status)).map((f) => [f.ruleId, f.message]);
    expect(messages(204)).toEqual([
      [
        'contract-auth-required',
        'POST /v1/users/0101302989 answered 204 to a token without the scope read:users; it must answer 403 with Problem Details',
      ],
    ]);
    expect(messages(401)).toEqual([
      [
        'contract-auth-required',
        'POST /v1/users/0101302989 answered 401 to a valid token without the scope read:users; expected 403 (the caller is authenticated, only not permitted)',
      ],
    ]);
    expect(messages(400)).toEqual([
      [
        'contract-auth-required',
        'POST /v1/users/0101302989 answered 400 to a token without the scope read:users; expected 403 with Problem Details',
      ],
    ]);
  });

  it("stands for Dredd's 403 transactions", () => {
    const getUser = operation(users, 'getUser');
    expect([200, 204, 400, 401, 403, 404].filter((status) => noScope.dredd.standsFor(status, getUser))).toEqual([403]);
    expect(noScope.dredd.whenNotSent(getUser)).toBe(
      'no token without the scope could be obtained (see contract-probe-skipped)',
    );
    expect(noScope.dredd.whenNotSent(operation(users, 'getWithBearer'))).toBe(
      'the operation declares no scope, so vottur cannot cause a 403',
    );
  });
});

/** The probe without credentials: an operation whose security needs them must answer 401. */
import { beforeAll, describe, expect, it } from 'vitest';
import { checkExpectation } from '../../../src/contract/expect.js';
import type { ContractDescription } from '../../../src/contract/description.js';
import noAuth from '../../../src/contract/probes/no-auth.js';
import { answer, contextFor, describeYaml, onePlannedBy, operation, plannedBy, USERS } from './helpers.js';

let users: ContractDescription;
beforeAll(async () => {
  users = await describeYaml(USERS);
});

describe('the probe without credentials', () => {
  it('sends the request from the examples without credentials, for secured operations only', () => {
    for (const operationId of ['getUser', 'replaceUser', 'getWithBearer'])
      expect(onePlannedBy(users, 'noAuth', operationId).credentials).toBe('none');
    expect(onePlannedBy(users, 'noAuth', 'getUser').pathname).toBe(onePlannedBy(users, 'positive', 'getUser').pathname);
    expect(plannedBy(users, 'noAuth', 'getPublic')).toEqual([]);
  });

  it('passes a 401', () => {
    const planned = onePlannedBy(users, 'noAuth', 'getWithBearer');
    expect(
      checkExpectation(contextFor(users, planned), planned, answer(401, '{}', 'application/problem+json')),
    ).toEqual([]);
  });

  it('fails a success, a 403 and any other status', () => {
    const planned = onePlannedBy(users, 'noAuth', 'getWithBearer');
    const messages = (status: number) =>
      checkExpectation(contextFor(users, planned), planned, answer(status)).map((f) => [f.ruleId, f.message]);
    expect(messages(200)).toEqual([
      [
        'contract-auth-required',
        'GET /v1/bearer answered 200 without credentials, though GET /v1/bearer declares security; it must answer 401 with Problem Details',
      ],
    ]);
    expect(messages(403)).toEqual([
      [
        'contract-auth-required',
        'GET /v1/bearer answered 403 without credentials; expected 401 (403 means authenticated but not permitted)',
      ],
    ]);
    expect(messages(404)).toEqual([
      ['contract-auth-required', 'GET /v1/bearer answered 404 without credentials; expected 401 with Problem Details'],
    ]);
  });

  it("stands for Dredd's 401 transactions", () => {
    const getUser = operation(users, 'getUser');
    expect([200, 204, 400, 401, 403].filter((status) => noAuth.dredd.standsFor(status, getUser))).toEqual([401]);
    expect(noAuth.dredd.whenNotSent(getUser)).toBe('no request without credentials was planned');
    expect(noAuth.dredd.whenNotSent(operation(users, 'getPublic'))).toBe(
      'the operation declares no security, so nothing can cause a 401',
    );
  });
});

/** The request built from the examples: sent for every operation, and it must succeed. */
import { beforeAll, describe, expect, it } from 'vitest';
import { checkExpectation } from '../../../src/contract/expect.js';
import type { ContractDescription } from '../../../src/contract/description.js';
import positive from '../../../src/contract/probes/positive.js';
import { answer, answered, contextFor, describeYaml, onePlannedBy, operation, USERS } from './helpers.js';

let users: ContractDescription;
beforeAll(async () => {
  users = await describeYaml(USERS);
});

describe('the positive probe', () => {
  it('plans the request from the examples for every operation, with all the credentials', () => {
    for (const operationId of ['getUser', 'replaceUser', 'getPublic', 'getWithBearer']) {
      const planned = onePlannedBy(users, 'positive', operationId);
      expect(planned.credentials).toBe('full');
      expect(planned.expectation).toBe('a documented 2xx');
    }
    const getUser = onePlannedBy(users, 'positive', 'getUser');
    expect(`${getUser.pathname}?${getUser.query}`).toBe('/v1/users/0101302989?toNationalId=1403552329&code=abc');
    expect(getUser.identifier).toBeUndefined();
  });

  it('passes a 2xx', () => {
    const planned = onePlannedBy(users, 'positive', 'getUser');
    const context = contextFor(users, planned);
    expect(checkExpectation(context, planned, answer(200, '{}', 'application/json'))).toEqual([]);
    expect(checkExpectation(context, planned, answer(204))).toEqual([]);
  });

  it('fails any other status, naming the documented successes and what to do', () => {
    const planned = onePlannedBy(users, 'positive', 'getUser');
    const exchange = 'GET /v1/users/0101302989?toNationalId=1403552329&code=abc';
    const messages = (status: number, hasCredentials = true) =>
      checkExpectation(contextFor(users, planned, { hasCredentials }), planned, answer(status)).map((f) => [
        f.ruleId,
        f.message,
      ]);
    expect(messages(404)).toEqual([
      [
        'contract-example-succeeds',
        `${exchange}, built from the description's examples, answered 404; expected 200 or 204; if the example values do not exist on this server, give ones that do in --data under getUser.positive`,
      ],
    ]);
    expect(messages(401, false)[0]?.[1]).toBe(
      `${exchange}, built from the description's examples, answered 401; expected 200 or 204; give credentials with --bearer, --header or --token-url/--client-id/--client-secret`,
    );
    expect(messages(401)[0]?.[1]).toMatch(/; the credentials given were not accepted$/);
    expect(messages(403)[0]?.[1]).toMatch(/; the credentials given do not permit this operation/);
    // A 5xx is a server error whatever request met it (issue 36, L-2/L-3).
    expect(messages(500)[0]).toEqual([
      'contract-server-error',
      `${exchange} (built from the description's examples) answered 500; no input may cause a server error: answer a valid request, or refuse a bad one with 400 Problem Details`,
    ]);
  });

  it('advises, after the response checks, when a 204 left the success body unchecked', () => {
    const planned = onePlannedBy(users, 'positive', 'getUser');
    const context = contextFor(users, planned);
    const advice = positive.advise?.(context, planned, answer(204)) ?? [];
    expect(advice.map((f) => [f.ruleId, f.severity])).toEqual([['contract-example-succeeds', 'info']]);
    expect(advice[0]?.message).toMatch(
      /answered 204: the example does not exist on this server, so the 200 body was not checked; give values that exist in --data under getUser\.positive$/,
    );
    expect(positive.advise?.(context, planned, answer(200, '{}', 'application/json'))).toEqual([]);
    // replaceUser documents no success body: a 204 is the answer it expects.
    const replace = onePlannedBy(users, 'positive', 'replaceUser');
    expect(positive.advise?.(contextFor(users, replace), replace, answer(204))).toEqual([]);
  });

  it("stands for Dredd's 2xx transactions, except a 204 beside another success", () => {
    const getUser = operation(users, 'getUser');
    expect(positive.dredd.standsFor(200, getUser)).toBe(true);
    expect(positive.dredd.standsFor(204, getUser)).toBe(false);
    expect(positive.dredd.standsFor(204, operation(users, 'replaceUser'))).toBe(true);
    expect(positive.dredd.standsFor(400, getUser)).toBe(false);
    // Unfit for a 200 transaction when the example answered 204: it does not exist on this server.
    expect(positive.dredd.unfit?.(200, getUser, answered(204))).toMatch(
      /^the example answered 204 \(it does not exist on this server\); give one that does in --data under getUser\.positive$/,
    );
    expect(positive.dredd.unfit?.(200, getUser, answered(200))).toBeUndefined();
  });
});

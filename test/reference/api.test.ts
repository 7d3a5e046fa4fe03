import { readFileSync } from 'node:fs';
import { SignJWT, decodeJwt, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { packageFile } from '../../src/paths.js';
import { startReferenceService, type RunningReferenceService } from '../../src/reference/service.js';
import {
  BAD_CHECK_DIGIT,
  EXAMPLE_FROM_USER,
  EXAMPLE_USER,
  RESTRICTED_USER,
  UNKNOWN_USER,
  UNKNOWN_USER_2,
  call,
  getToken,
  isProblem,
  loadDescription,
  requestToken,
  schemaErrors,
  schemaValidators,
  type Answer,
} from './helpers.js';

const validators = schemaValidators();
let service: RunningReferenceService;
let token: string;

beforeAll(async () => {
  service = await startReferenceService();
  token = await getToken(service);
});
afterAll(async () => {
  await service?.close();
});

const byPath = (id: string, query = '') => call(service, `/v2/users/${id}${query}`, { token });
const byHeader = (id: string, query = '') =>
  call(service, `/v2/users/.national-id${query}`, { token, headers: { 'X-Param-National-Id': id } });
const actorByPath = (to: string, from: string) => call(service, `/v2/users/${to}/actor-profiles/${from}`, { token });
const actorByHeaders = (to: string, from: string) =>
  call(service, '/v2/users/.to-national-id/actor-profiles/.from-national-id', {
    token,
    headers: { 'X-Param-To-National-Id': to, 'X-Param-From-National-Id': from },
  });

function expectProblem(answer: Answer, status: number): void {
  expect(answer.status).toBe(status);
  expect(answer.contentType).toMatch(/^application\/problem\+json/);
  expect(answer.json).toMatchObject({ type: expect.any(String), title: expect.any(String), status });
  expect(answer.headers.get('content-language')).toBe('en');
  expect(schemaErrors(validators, status === 400 ? 'ValidationProblem' : 'Problem', answer.json)).toEqual([]);
  expect(isProblem(answer, status)).toBe(true);
}

describe('the running service', () => {
  it('reports where it is and what it needs', () => {
    expect(service.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:[0-9]+$/);
    expect(service.tokenUrl).toMatch(/^http:\/\/127\.0\.0\.1:[0-9]+\/token$/);
    expect(service.clientId).toBe('vottur-dev-client');
    expect(service.clientSecret!.length).toBeGreaterThanOrEqual(20);
    expect(service.scope).toBe('@island.is/user-profile:read');
    expect(service.descriptionPath).toMatch(/assets[/\\]reference[/\\]user-profile\.openapi\.yaml$/);
    expect(service.faults).toEqual([]);
  });
});

describe('GET /v2/users/{nationalId}', () => {
  it('answers 200 with a body that validates against UserProfile, dates in the platform form', async () => {
    const answer = await byPath(EXAMPLE_USER);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^application\/json; charset=utf-8$/);
    expect(schemaErrors(validators, 'UserProfile', answer.json)).toEqual([]);
    expect(answer.json.nationalId).toBe(EXAMPLE_USER);
    expect(answer.json.createdTimestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('answers exactly the example the description gives for the example user', async () => {
    const example = loadDescription().components.responses.UserProfileFound.content['application/json'].example;
    expect((await byPath(EXAMPLE_USER)).json).toEqual(example);
  });

  it('validates every profile in the data against the description, with either client type', async () => {
    const data = JSON.parse(readFileSync(packageFile('assets/reference/profiles.json'), 'utf8')) as {
      profiles: Array<{ nationalId: string }>;
    };
    for (const { nationalId } of data.profiles) {
      for (const clientType of ['FIRST_PARTY', 'THIRD_PARTY']) {
        const answer = await byPath(nationalId, `?clientType=${clientType}`);
        expect(answer.status, nationalId).toBe(200);
        expect(schemaErrors(validators, 'UserProfile', answer.json), `${nationalId} ${clientType}`).toEqual([]);
      }
    }
  });

  it('answers 204 with no body for a valid identifier that has no profile', async () => {
    const answer = await byPath(UNKNOWN_USER);
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    expect(answer.headers.get('content-type')).toBeNull();
  });

  it('answers 400 Problem Details naming the parameter, identifier masked, for a wrong check digit', async () => {
    const answer = await byPath(BAD_CHECK_DIGIT);
    expectProblem(answer, 400);
    expect(answer.json.type).toBe('https://docs.devland.is/reference/problems/validation-failed');
    expect(answer.json.detail).toContain('nationalId');
    expect(Object.keys(answer.json.fields)).toEqual(['nationalId']);
    expect(answer.text).not.toContain(BAD_CHECK_DIGIT);
    expect(answer.text).toContain('010130****');
  });

  it.each([['0101302'], ['010130-2989'], ['01013029890'], ['abcdefghij']])(
    'answers 400 for the identifier %s',
    async (id) => {
      const answer = await byPath(encodeURIComponent(id));
      expectProblem(answer, 400);
      expect(answer.json.fields).toHaveProperty('nationalId');
      const { traceId: _traceId, ...visible } = answer.json;
      expect(JSON.stringify(visible)).not.toMatch(/[0-9]{7,}/);
    },
  );

  it('hides email and phone of a restricted user from THIRD_PARTY (the default) and shows them to FIRST_PARTY', async () => {
    const byDefault = await byPath(RESTRICTED_USER);
    const thirdParty = await byPath(RESTRICTED_USER, '?clientType=THIRD_PARTY');
    const firstParty = await byPath(RESTRICTED_USER, '?clientType=FIRST_PARTY');
    expect(byDefault.json.isRestricted).toBe(true);
    for (const hidden of [byDefault, thirdParty]) {
      expect(hidden.json.email).toBeNull();
      expect(hidden.json.mobilePhoneNumber).toBeNull();
    }
    expect(firstParty.json.email).toEqual(expect.stringContaining('@'));
    expect(firstParty.json.mobilePhoneNumber).toMatch(/^[0-9]{7}$/);
    // Nothing else differs.
    expect({ ...firstParty.json, email: null, mobilePhoneNumber: null }).toEqual(thirdParty.json);
  });

  it('shows email and phone of an unrestricted user to THIRD_PARTY', async () => {
    const answer = await byPath(EXAMPLE_USER, '?clientType=THIRD_PARTY');
    expect(answer.json.isRestricted).toBe(false);
    expect(answer.json.email).toEqual(expect.stringContaining('@'));
    expect(answer.json.mobilePhoneNumber).not.toBeNull();
  });

  it('answers 400 for a clientType outside the enum, and for a repeated one', async () => {
    for (const query of [
      '?clientType=first_party',
      '?clientType=ADMIN',
      '?clientType=FIRST_PARTY&clientType=THIRD_PARTY',
    ]) {
      const answer = await byPath(EXAMPLE_USER, query);
      expectProblem(answer, 400);
      expect(answer.json.fields, query).toHaveProperty('clientType');
    }
  });

  it('ignores unknown query parameters', async () => {
    const plain = await byPath(EXAMPLE_USER);
    const extra = await byPath(EXAMPLE_USER, '?foo=bar&include=everything');
    expect(extra.status).toBe(200);
    expect(extra.json).toEqual(plain.json);
  });

  it('accepts the exchange layer header X-Road-Client', async () => {
    const answer = await call(service, `/v2/users/${EXAMPLE_USER}`, {
      token,
      headers: { 'X-Road-Client': 'IS-DEV/GOV/10000/island-is-client' },
    });
    expect(answer.status).toBe(200);
  });
});

describe('GET /v2/users/.national-id with X-Param-National-Id', () => {
  it('returns the same profile as the path form, for every client type', async () => {
    for (const id of [EXAMPLE_USER, RESTRICTED_USER]) {
      for (const query of ['', '?clientType=FIRST_PARTY', '?clientType=THIRD_PARTY']) {
        const path = await byPath(id, query);
        const header = await byHeader(id, query);
        expect(header.status).toBe(200);
        expect(header.json).toEqual(path.json);
      }
    }
  });

  it('answers 204 for an unknown user', async () => {
    const answer = await byHeader(UNKNOWN_USER);
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
  });

  it('answers 400 naming the header when it is missing or invalid', async () => {
    const missing = await call(service, '/v2/users/.national-id', { token });
    expectProblem(missing, 400);
    expect(missing.json.detail).toContain('X-Param-National-Id');
    const invalid = await byHeader(BAD_CHECK_DIGIT);
    expectProblem(invalid, 400);
    expect(Object.keys(invalid.json.fields)).toEqual(['X-Param-National-Id']);
    expect(invalid.text).not.toContain(BAD_CHECK_DIGIT);
  });
});

describe('the actor profile', () => {
  it('answers 200 with an ActorProfile, the same both ways', async () => {
    const path = await actorByPath(EXAMPLE_USER, EXAMPLE_FROM_USER);
    const headers = await actorByHeaders(EXAMPLE_USER, EXAMPLE_FROM_USER);
    expect(path.status).toBe(200);
    expect(schemaErrors(validators, 'ActorProfile', path.json)).toEqual([]);
    expect(path.json).toMatchObject({ toNationalId: EXAMPLE_USER, fromNationalId: EXAMPLE_FROM_USER });
    expect(headers.status).toBe(200);
    expect(headers.json).toEqual(path.json);
    const example = loadDescription().components.responses.ActorProfileFound.content['application/json'].example;
    expect(path.json).toEqual(example);
  });

  it('answers 204 when the two users have no relation (in either direction it does not exist)', async () => {
    for (const answer of [
      await actorByPath(EXAMPLE_FROM_USER, EXAMPLE_USER),
      await actorByPath(UNKNOWN_USER, UNKNOWN_USER_2),
      await actorByHeaders(EXAMPLE_FROM_USER, EXAMPLE_USER),
    ]) {
      expect(answer.status).toBe(204);
      expect(answer.text).toBe('');
    }
  });

  it('answers 400 naming each bad identifier', async () => {
    const one = await actorByPath(EXAMPLE_USER, BAD_CHECK_DIGIT);
    expectProblem(one, 400);
    expect(Object.keys(one.json.fields)).toEqual(['fromNationalId']);
    const both = await actorByHeaders('123', BAD_CHECK_DIGIT);
    expectProblem(both, 400);
    expect(Object.keys(both.json.fields).sort()).toEqual(['X-Param-From-National-Id', 'X-Param-To-National-Id']);
    const missing = await call(service, '/v2/users/.to-national-id/actor-profiles/.from-national-id', {
      token,
      headers: { 'X-Param-To-National-Id': EXAMPLE_USER },
    });
    expectProblem(missing, 400);
    expect(Object.keys(missing.json.fields)).toEqual(['X-Param-From-National-Id']);
  });
});

describe('authentication', () => {
  it('takes the whole client-credentials flow: token from the dev issuer, then 200', async () => {
    const response = await requestToken(service, { scope: service.scope });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ token_type: 'Bearer', scope: service.scope });
    const claims = decodeJwt(response.body.access_token as string);
    expect(claims.scope).toBe(service.scope);
    expect(claims.iss).toBe(new URL(service.tokenUrl!).origin);
    expect(claims.client_id).toBe(service.clientId);
    const answer = await call(service, `/v2/users/${EXAMPLE_USER}`, { token: response.body.access_token as string });
    expect(answer.status).toBe(200);
  });

  it('also takes client credentials in the form body (client_secret_post)', async () => {
    const response = await requestToken(service, { inBody: true });
    expect(response.status).toBe(200);
    expect(
      (await call(service, `/v2/users/${EXAMPLE_USER}`, { token: response.body.access_token as string })).status,
    ).toBe(200);
  });

  it('the dev issuer refuses a wrong secret, an unknown client and other grant types', async () => {
    const wrongSecret = await requestToken(service, { clientSecret: 'not-the-secret' });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.error).toBe('invalid_client');
    expect(wrongSecret.body).not.toHaveProperty('access_token');
    const unknownClient = await requestToken(service, { clientId: 'someone-else' });
    expect(unknownClient.status).toBe(401);
    const password = await requestToken(service, { grantType: 'password' });
    expect(password.status).toBe(400);
    expect(password.body.error).toBe('unsupported_grant_type');
  });

  it('answers 401 Problem Details with WWW-Authenticate: Bearer without a token', async () => {
    const answer = await call(service, `/v2/users/${EXAMPLE_USER}`);
    expectProblem(answer, 401);
    expect(answer.json).toMatchObject({ type: 'https://httpstatuses.org/401', title: 'Unauthorized', status: 401 });
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
  });

  it('answers 401 before looking at the input, on every operation', async () => {
    for (const path of [
      `/v2/users/${BAD_CHECK_DIGIT}`,
      '/v2/users/.national-id',
      `/v2/users/${EXAMPLE_USER}/actor-profiles/${EXAMPLE_FROM_USER}`,
      '/v2/users/.to-national-id/actor-profiles/.from-national-id',
    ]) {
      expectProblem(await call(service, path), 401);
    }
  });

  it('answers 401 for a tampered token, a token signed by another key, an expired one and a malformed header', async () => {
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, client_id: 'mallory' })).toString('base64url');
    const tampered = `${header}.${forgedPayload}.${signature}`;
    const { privateKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const otherKey = await new SignJWT({ scope: service.scope })
      .setProtectedHeader({ alg: 'RS256', kid: decodeProtectedKid(token) })
      .setIssuer(claims.iss)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(privateKey);
    const expired = await new SignJWT({ scope: service.scope })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(claims.iss)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(privateKey);
    for (const bad of [tampered, otherKey, expired, 'not-a-jwt']) {
      const answer = await call(service, `/v2/users/${EXAMPLE_USER}`, { token: bad });
      expectProblem(answer, 401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    }
    const basic = await call(service, `/v2/users/${EXAMPLE_USER}`, {
      headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
    });
    expectProblem(basic, 401);
  });

  it('answers 403 Problem Details for a valid token without the scope', async () => {
    for (const scope of [null, '@island.is/user-profile:write', 'openid profile']) {
      const unscoped = await getToken(service, scope);
      const answer = await call(service, `/v2/users/${EXAMPLE_USER}`, { token: unscoped });
      expectProblem(answer, 403);
      expect(answer.json).toMatchObject({
        type: 'https://httpstatuses.org/403',
        title: 'Forbidden',
        status: 403,
        detail: 'Forbidden resource',
      });
      const actor = await actorByHeadersWith(unscoped);
      expectProblem(actor, 403);
    }
  });

  it('accepts the scope among others', async () => {
    const several = await getToken(service, `openid ${service.scope} @island.is/other:read`);
    expect((await call(service, `/v2/users/${EXAMPLE_USER}`, { token: several })).status).toBe(200);
  });
});

describe('around the API', () => {
  it('serves its own description at /openapi.json and /openapi.yaml without a token', async () => {
    const json = await call(service, '/openapi.json');
    expect(json.status).toBe(200);
    expect(json.contentType).toMatch(/^application\/json/);
    expect(json.json).toEqual(loadDescription());
    const yaml = await call(service, '/openapi.yaml');
    expect(yaml.status).toBe(200);
    expect(yaml.contentType).toMatch(/^application\/yaml/);
    expect(parse(yaml.text)).toEqual(loadDescription());
  });

  it('answers Problem Details 404 for a route that does not exist', async () => {
    for (const path of ['/v1/users/0101302989', '/v2/people', `/v2/users/${EXAMPLE_USER}/friends`, '/']) {
      const answer = await call(service, path, { token });
      expectProblem(answer, 404);
      expect(answer.json.type).toBe('https://httpstatuses.org/404');
      expect(answer.text).not.toContain(EXAMPLE_USER);
    }
  });

  it('answers Problem Details 405 with Allow for a method a path does not have', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const answer = await fetch(`${service.baseUrl}/v2/users/${EXAMPLE_USER}`, {
        method,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.get('allow'), method).toBe('GET, HEAD');
      expect(answer.headers.get('content-type'), method).toMatch(/^application\/problem\+json/);
      expect(await answer.text(), method).not.toContain(EXAMPLE_USER);
    }
  });

  it('closes cleanly, and a second close is harmless', async () => {
    const other = await startReferenceService({ auth: 'none' });
    expect((await call(other, `/v2/users/${EXAMPLE_USER}`)).status).toBe(200);
    await other.close();
    await other.close();
    await expect(fetch(`${other.baseUrl}/openapi.json`)).rejects.toThrow();
  });
});

function decodeProtectedKid(jwt: string): string {
  return JSON.parse(Buffer.from(jwt.split('.')[0], 'base64url').toString()).kid;
}

function actorByHeadersWith(bearer: string): Promise<Answer> {
  return call(service, '/v2/users/.to-national-id/actor-profiles/.from-national-id', {
    token: bearer,
    headers: { 'X-Param-To-National-Id': EXAMPLE_USER, 'X-Param-From-National-Id': EXAMPLE_FROM_USER },
  });
}

/**
 * `auth: { issuer }` (`vottur serve --issuer <url>`): tokens of a real issuer, its keys found
 * through OIDC discovery or at `<issuer>/jwks`. A separate oauth2-mock-server plays the issuer.
 */
import { OAuth2Server } from 'oauth2-mock-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { discoverIssuer, startDevIssuer } from '../../src/reference/auth.js';
import { startReferenceService, type RunningReferenceService } from '../../src/reference/service.js';
import { EXAMPLE_USER, call, isProblem } from './helpers.js';

const SCOPE = '@island.is/user-profile:read';
const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function startIssuer(endpoints?: {
  wellKnownDocument?: string;
  jwks?: string;
}): Promise<{ server: OAuth2Server; url: string }> {
  const server = new OAuth2Server(undefined, undefined, endpoints ? { endpoints } : undefined);
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const url = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = url;
  cleanup.push(() => server.stop());
  return { server, url };
}

async function startService(issuer: string): Promise<RunningReferenceService> {
  const service = await startReferenceService({ auth: { issuer } });
  cleanup.push(() => service.close());
  return service;
}

describe('a real issuer', () => {
  it('finds the keys through OIDC discovery and takes its tokens; the token URL is the issuer’s', async () => {
    const { server, url } = await startIssuer();
    const service = await startService(url);
    expect(service.tokenUrl).toBe(`${url}/token`);
    expect(service.clientId).toBeUndefined();
    expect(service.clientSecret).toBeUndefined();
    const good = await server.issuer.buildToken({ scopesOrTransform: SCOPE });
    expect((await call(service, `/v2/users/${EXAMPLE_USER}`, { token: good })).status).toBe(200);
    const asArray = await server.issuer.buildToken({
      scopesOrTransform: (_header, payload) => void (payload.scope = ['openid', SCOPE]),
    });
    expect((await call(service, `/v2/users/${EXAMPLE_USER}`, { token: asArray })).status).toBe(200);
    const unscoped = await server.issuer.buildToken({ scopesOrTransform: 'openid' });
    expect(isProblem(await call(service, `/v2/users/${EXAMPLE_USER}`, { token: unscoped }), 403)).toBe(true);
  });

  it('refuses a token signed with its key but naming another issuer', async () => {
    const { server, url } = await startIssuer();
    const service = await startService(url);
    const wrongIssuer = await server.issuer.buildToken({
      scopesOrTransform: (_header, payload) => {
        payload.iss = 'https://innskra.example.com';
        payload.scope = SCOPE;
      },
    });
    expect(isProblem(await call(service, `/v2/users/${EXAMPLE_USER}`, { token: wrongIssuer }), 401)).toBe(true);
  });

  it('refuses tokens of another issuer, signed with other keys', async () => {
    const { url } = await startIssuer();
    const other = await startDevIssuer();
    cleanup.push(() => other.close());
    const service = await startService(url);
    const response = await fetch(other.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        scope: SCOPE,
        client_id: other.clientId,
        client_secret: other.clientSecret,
      }),
    });
    const { access_token: foreign } = (await response.json()) as { access_token: string };
    expect(isProblem(await call(service, `/v2/users/${EXAMPLE_USER}`, { token: foreign }), 401)).toBe(true);
  });

  it('falls back to <issuer>/jwks when there is no discovery document', async () => {
    const { server, url } = await startIssuer({ wellKnownDocument: '/no-discovery-here' });
    expect(await discoverIssuer(url)).toEqual({ issuer: url, jwksUri: `${url}/jwks` });
    const service = await startService(url);
    expect(service.tokenUrl).toBeUndefined();
    const good = await server.issuer.buildToken({ scopesOrTransform: SCOPE });
    expect((await call(service, `/v2/users/${EXAMPLE_USER}`, { token: good })).status).toBe(200);
  });

  it('falls back to <issuer>/.well-known/jwks.json', async () => {
    const { url } = await startIssuer({ wellKnownDocument: '/no-discovery-here', jwks: '/.well-known/jwks.json' });
    expect(await discoverIssuer(url)).toEqual({ issuer: url, jwksUri: `${url}/.well-known/jwks.json` });
  });

  it('fails to start, saying what it tried, when the issuer publishes no keys', async () => {
    const { url } = await startIssuer({ wellKnownDocument: '/none', jwks: '/none-either' });
    await expect(startReferenceService({ auth: { issuer: url } })).rejects.toThrow(
      /cannot find the signing keys.*openid-configuration answered 404/,
    );
    await expect(startReferenceService({ auth: { issuer: 'not a url' } })).rejects.toThrow(/not a URL/);
  });
});

describe('no authentication', () => {
  it('serves without a token and starts no issuer', async () => {
    const service = await startReferenceService({ auth: 'none' });
    cleanup.push(() => service.close());
    expect(service.tokenUrl).toBeUndefined();
    expect(service.clientId).toBeUndefined();
    expect(service.scope).toBe(SCOPE);
    expect((await call(service, `/v2/users/${EXAMPLE_USER}`)).status).toBe(200);
    expect((await call(service, `/v2/users/${EXAMPLE_USER}`, { token: 'anything' })).status).toBe(200);
  });
});

describe('the development issuer’s token lifetime (vottur serve --token-lifetime)', () => {
  it('issues tokens valid for the lifetime given, in `expires_in` and the JWT’s `exp`; the service refuses them after it', async () => {
    const service = await startReferenceService({ port: 0, auth: 'dev', tokenLifetimeSeconds: 1 });
    cleanup.push(() => service.close());
    // The clock is the test's (only Date: sockets and timers run as they do): a loaded machine
    // must not spend the one-second lifetime between issuing the token and the first call.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    cleanup.push(async () => {
      vi.useRealTimers();
      await Promise.resolve();
    });
    const answer = await fetch(service.tokenUrl!, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: SCOPE }),
      headers: {
        authorization: `Basic ${Buffer.from(`${service.clientId}:${service.clientSecret}`).toString('base64')}`,
      },
    });
    const token = (await answer.json()) as { access_token: string; expires_in: number };
    expect(token.expires_in).toBe(1);
    const claims = JSON.parse(Buffer.from(token.access_token.split('.')[1], 'base64url').toString('utf8')) as {
      iat: number;
      exp: number;
    };
    expect(claims.exp - claims.iat).toBe(1);
    const path = `/v2/users/${EXAMPLE_USER}`;
    expect((await call(service, path, { token: token.access_token })).status).not.toBe(401);
    vi.setSystemTime(Date.now() + 2100);
    expect((await call(service, path, { token: token.access_token })).status).toBe(401);
  });

  it('refuses a lifetime that is not a whole number of seconds', async () => {
    await expect(startDevIssuer({ tokenLifetimeSeconds: 0 })).rejects.toThrow(/whole number of seconds/);
  });
});

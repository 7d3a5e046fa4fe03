/**
 * Credentials: the OAuth 2.0 client-credentials flow against the reference service's development
 * issuer (real HTTP), the token without the scope for the 403 probe, and the one-line refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_SECRET_ENV, obtainCredentials, parseHeader, redactor } from '../../src/contract/auth.js';
import { startDevIssuer, USER_PROFILE_READ_SCOPE, type DevIssuer } from '../../src/reference/auth.js';
import { closedPort } from './fixtures/servers.js';

let issuer: DevIssuer;
beforeAll(async () => {
  issuer = await startDevIssuer();
});
afterAll(async () => {
  await issuer.close();
});

function claims(authorization: string | undefined): Record<string, unknown> {
  const token = authorization!.replace(/^Bearer /, '');
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

const need = { requiredScopes: [USER_PROFILE_READ_SCOPE], wantNoScope: true, timeoutMs: 5000 };

describe('the client-credentials flow', () => {
  it('fetches a token with the required scope, and one without it', async () => {
    const credentials = await obtainCredentials(
      {
        oauth: { tokenUrl: issuer.tokenUrl, clientId: issuer.clientId, clientSecret: issuer.clientSecret },
        xroadClient: 'IS-DEV/GOV/10000/x',
      },
      need,
    );
    expect(claims(credentials.full.Authorization).scope).toBe(USER_PROFILE_READ_SCOPE);
    expect(credentials.full['X-Road-Client']).toBe('IS-DEV/GOV/10000/x');
    expect(credentials.noScope).toBeDefined();
    expect(claims(credentials.noScope!.Authorization).scope).toBe('openid');
    expect(credentials.noScope!['X-Road-Client']).toBe('IS-DEV/GOV/10000/x');
    expect(credentials.base).toEqual({ 'X-Road-Client': 'IS-DEV/GOV/10000/x' });
    // Both tokens and the client secret are secrets.
    expect(credentials.secrets).toEqual(
      expect.arrayContaining([
        issuer.clientSecret,
        credentials.full.Authorization.slice(7),
        credentials.noScope!.Authorization.slice(7),
      ]),
    );
  });

  it('takes the client secret from VOTTUR_CLIENT_SECRET', async () => {
    process.env[CLIENT_SECRET_ENV] = issuer.clientSecret;
    try {
      const credentials = await obtainCredentials(
        { oauth: { tokenUrl: issuer.tokenUrl, clientId: issuer.clientId, scope: USER_PROFILE_READ_SCOPE } },
        { ...need, wantNoScope: false },
      );
      expect(claims(credentials.full.Authorization).scope).toBe(USER_PROFILE_READ_SCOPE);
      expect(credentials.noScope).toBeUndefined();
    } finally {
      delete process.env[CLIENT_SECRET_ENV];
    }
  });

  it('refuses in one line: wrong secret, no secret, plain http off loopback, an issuer that is down', async () => {
    await expect(
      obtainCredentials(
        { oauth: { tokenUrl: issuer.tokenUrl, clientId: issuer.clientId, clientSecret: 'nope-nope' } },
        need,
      ),
    ).rejects.toThrow(
      /^cannot obtain a token from .*: invalid_client: unknown client, or wrong client secret \(HTTP 401\)$/,
    );
    await expect(
      obtainCredentials({ oauth: { tokenUrl: issuer.tokenUrl, clientId: issuer.clientId } }, need),
    ).rejects.toThrow(/needs the client secret: set VOTTUR_CLIENT_SECRET/);
    await expect(
      obtainCredentials(
        { oauth: { tokenUrl: 'http://login.example.org/token', clientId: 'c', clientSecret: 's' } },
        need,
      ),
    ).rejects.toThrow(/must use https/);
    const port = await closedPort();
    await expect(
      obtainCredentials(
        { oauth: { tokenUrl: `http://127.0.0.1:${port}/token`, clientId: 'c', clientSecret: 's' } },
        need,
      ),
    ).rejects.toThrow(/^cannot obtain a token from http:\/\/127\.0\.0\.1:\d+\/token: ECONNREFUSED/);
  });
});

describe('static credentials', () => {
  it('sends --header values and a bearer token, and explains why there is no token without the scope', async () => {
    const credentials = await obtainCredentials(
      { headers: ['X-Api-Key: key-value-1'], bearer: 'bearer-value-1' },
      need,
    );
    expect(credentials.full).toEqual({ 'X-Api-Key': 'key-value-1', Authorization: 'Bearer bearer-value-1' });
    expect(credentials.base).toEqual({});
    expect(credentials.noScope).toBeUndefined();
    expect(credentials.noScopeReason).toMatch(/only a --bearer token was given/);
    expect(credentials.secrets).toEqual(['key-value-1', 'bearer-value-1']);
  });

  it('rejects contradictions and malformed headers', async () => {
    await expect(
      obtainCredentials({ bearer: 'b', oauth: { tokenUrl: issuer.tokenUrl, clientId: 'c', clientSecret: 's' } }, need),
    ).rejects.toThrow(/either --bearer or/);
    await expect(obtainCredentials({ headers: ['Authorization: Basic x'], bearer: 'b' }, need)).rejects.toThrow(
      /conflicts with --bearer/,
    );
    expect(() => parseHeader('no colon here')).toThrow(/--header must look like "Name: value"/);
    expect(() => parseHeader('Bad Name: x')).toThrow(/--header must look like/);
    expect(parseHeader('X-A:  spaced value ')).toEqual(['X-A', 'spaced value']);
  });

  it('scrubs secrets from text', () => {
    const redact = redactor(['abcd1234efgh5678', 'xyz']);
    expect(redact('token abcd1234efgh5678 and xyz')).toBe('token *** and xyz');
    expect(redact('prefixabcd1234efgh5678suffix')).toBe('prefix***suffix');
  });

  it('masks a short secret as a whole value, never as a word of prose', () => {
    const redact = redactor(['wrong']);
    // The server's sentence stays readable: "wrong" here is a word, not the secret.
    expect(redact('unknown client, or wrong client secret')).toBe('unknown client, or wrong client secret');
    expect(redact('Authorization: Bearer wrong')).toBe('Authorization: Bearer ***');
    expect(redact('Authorization: Basic wrong')).toBe('Authorization: Basic ***');
    expect(redact("curl -H 'X-Api-Key: wrong' https://x.is/v1?key=wrong&a=1")).toBe(
      "curl -H 'X-Api-Key: ***' https://x.is/v1?key=***&a=1",
    );
    expect(redact('{"client_secret":"wrong"}')).toBe('{"client_secret":"***"}');
    expect(redact('grant_type=client_credentials&client_secret=wrong')).toBe(
      'grant_type=client_credentials&client_secret=***',
    );
    expect(redact('wrongful')).toBe('wrongful');
  });

  it('masks a short secret followed by white space, and not one followed by a letter s', () => {
    // The lookahead's white-space class once lost its backslash in a template literal and became `s`.
    const redact = redactor(['wrong']);
    expect(redact('Authorization: Bearer wrong\nHost: x.is')).toBe('Authorization: Bearer ***\nHost: x.is');
    expect(redact('key=wrong next')).toBe('key=*** next');
    expect(redact('key=wrongs')).toBe('key=wrongs');
  });
});

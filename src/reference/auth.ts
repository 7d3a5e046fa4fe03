/**
 * Authentication of the reference service: bearer JWTs verified against the issuer's JWKS
 * (`jose`), the scope `@island.is/user-profile:read` required; and a development issuer
 * (`oauth2-mock-server`) with a client-credentials token endpoint for local use.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { OAuth2Server, type MutableResponse, type MutableToken } from 'oauth2-mock-server';
import { guardConnections } from './connections.js';
import { errorMessage } from '../errors.js';
import { withoutTrailing } from '../runtime/text.js';

/** The scope every user-profile operation requires. */
export const USER_PROFILE_READ_SCOPE = '@island.is/user-profile:read';
export const DEV_CLIENT_ID = 'vottur-dev-client';
/**
 * The audience the reference service takes tokens for. A token the issuer made for another API
 * (another `aud`) is refused with 401, even with the right scope: scopes name what a client may
 * do, the audience which API may accept the token (RFC 9068 §4). The development issuer sets it;
 * with `--issuer`, `--audience` turns the check on for that issuer's tokens.
 */
export const REFERENCE_AUDIENCE = '@island.is/user-profile';

export type AccessCheck =
  | { ok: true; claims: JWTPayload }
  | { ok: false; status: 401; reason: string; challenge: string }
  | { ok: false; status: 403; reason: string; challenge: string };

export interface TokenVerifier {
  /** Checks an `Authorization` header value (undefined when the request has none). */
  verify(authorization: string | undefined): Promise<AccessCheck>;
}

export interface VerifierOptions {
  issuer: string;
  jwksUri: string;
  scope?: string;
  /** Required `aud` (the token's audience must include it); unchecked when absent. */
  audience?: string;
}

export function createTokenVerifier(options: VerifierOptions): TokenVerifier {
  const scope = options.scope ?? USER_PROFILE_READ_SCOPE;
  const keys = createRemoteJWKSet(new URL(options.jwksUri), { timeoutDuration: 5000 });
  // Tokens whose signature, issuer and audience were verified, with their claims: a client sends
  // one token with many requests, and an RSA verification each time was most of the service's work
  // in a contract run (about 1 ms a request). Only the times are checked again, as jose checks them.
  const verified = new Map<string, JWTPayload>();
  const unauthorized = (reason: string, challenge = 'Bearer error="invalid_token"'): AccessCheck => ({
    ok: false,
    status: 401,
    reason,
    challenge,
  });
  return {
    async verify(authorization) {
      if (authorization === undefined || authorization.trim() === '')
        return unauthorized('no Authorization header', 'Bearer');
      const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(authorization);
      const token = match?.[1];
      if (!token) return unauthorized('the Authorization header is not "Bearer <token>"', 'Bearer');
      let claims = verified.get(token);
      if (claims !== undefined) {
        const now = Math.floor(Date.now() / 1000);
        if (Number(claims.exp) <= now) return unauthorized('token rejected (ERR_JWT_EXPIRED)');
        if (typeof claims.nbf === 'number' && claims.nbf > now)
          return unauthorized('token rejected (ERR_JWT_CLAIM_VALIDATION_FAILED)');
      } else {
        try {
          ({ payload: claims } = await jwtVerify(token, keys, {
            issuer: options.issuer,
            requiredClaims: ['exp'],
            ...(options.audience !== undefined ? { audience: options.audience } : {}),
          }));
        } catch (error) {
          const code = error instanceof joseErrors.JOSEError ? error.code : 'ERR_UNKNOWN';
          return unauthorized(`token rejected (${code})`);
        }
        // Bounded: a client asking for a new token each request cannot grow it without end.
        const oldest = verified.size >= 1000 ? verified.keys().next().value : undefined;
        if (oldest !== undefined) verified.delete(oldest);
        verified.set(token, claims);
      }
      if (!grantedScopes(claims).includes(scope)) {
        return {
          ok: false,
          status: 403,
          reason: `token lacks the scope ${scope}`,
          challenge: `Bearer error="insufficient_scope", scope="${scope}"`,
        };
      }
      return { ok: true, claims };
    },
  };
}

/** The scopes a token grants: a space-separated `scope` claim, or an array of them. */
export function grantedScopes(claims: JWTPayload): string[] {
  const scope = claims.scope;
  if (typeof scope === 'string') return scope.split(/\s+/).filter(Boolean);
  if (Array.isArray(scope)) return scope.filter((item): item is string => typeof item === 'string');
  return [];
}

export interface IssuerMetadata {
  issuer: string;
  jwksUri: string;
  tokenEndpoint?: string;
}

/**
 * Finds where an issuer publishes its signing keys: its OIDC discovery document, else
 * `<issuer>/jwks`, else `<issuer>/.well-known/jwks.json`.
 */
export async function discoverIssuer(issuerUrl: string): Promise<IssuerMetadata> {
  let base: URL;
  try {
    base = new URL(issuerUrl);
  } catch {
    throw new Error(`the issuer "${issuerUrl}" is not a URL`);
  }
  const root = withoutTrailing(base.href, '/');
  const tried: string[] = [];
  const discovery = await fetchJson(`${root}/.well-known/openid-configuration`, tried);
  if (isRecord(discovery) && typeof discovery.jwks_uri === 'string') {
    return {
      issuer: typeof discovery.issuer === 'string' ? discovery.issuer : issuerUrl,
      jwksUri: discovery.jwks_uri,
      tokenEndpoint: typeof discovery.token_endpoint === 'string' ? discovery.token_endpoint : undefined,
    };
  }
  for (const jwksUri of [`${root}/jwks`, `${root}/.well-known/jwks.json`]) {
    const jwks = await fetchJson(jwksUri, tried);
    if (isRecord(jwks) && Array.isArray(jwks.keys)) return { issuer: issuerUrl, jwksUri };
  }
  throw new Error(`cannot find the signing keys of the issuer ${issuerUrl}: ${tried.join('; ')}`);
}

async function fetchJson(url: string, tried: string[]): Promise<unknown> {
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5000) });
    if (!response.ok) {
      tried.push(`${url} answered ${response.status}`);
      await response.body?.cancel();
      return undefined;
    }
    return await response.json();
  } catch (error) {
    tried.push(`${url}: ${errorMessage(error)}`);
    return undefined;
  }
}

export interface DevIssuer {
  /** The issuer URL, as the tokens' `iss` claim carries it. */
  issuer: string;
  tokenUrl: string;
  jwksUri: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export interface DevIssuerOptions {
  host?: string;
  port?: number;
  clientId?: string;
  /** Generated (random) when not given. */
  clientSecret?: string;
  /** How long its tokens are valid, in seconds (default one hour); short ones let a test see tokens expire. */
  tokenLifetimeSeconds?: number;
  /** The most connections at once (default: as the reference service, `defaultMaxConnections()`). */
  maxConnections?: number;
}

export const DEFAULT_TOKEN_LIFETIME_SECONDS = 3600;

/**
 * Starts a development OAuth 2.0 issuer (`oauth2-mock-server`) on loopback. It issues
 * RS256 client-credentials tokens carrying the `scope` the client asks for (none when it asks
 * for none, which is how a caller gets a token without the user-profile scope), only to the
 * one client it knows: its id and secret are checked, by HTTP Basic or in the form body.
 */
export async function startDevIssuer(options: DevIssuerOptions = {}): Promise<DevIssuer> {
  const clientId = options.clientId ?? DEV_CLIENT_ID;
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const lifetime = options.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS;
  if (!Number.isInteger(lifetime) || lifetime < 1)
    throw new Error(`a token lifetime must be a whole number of seconds, 1 or more (got ${lifetime})`);
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');

  server.service.on('beforeTokenSigning', (token: MutableToken) => {
    token.payload.exp = Number(token.payload.iat) + lifetime;
    token.payload.client_id = clientId;
    token.payload.sub = clientId;
    token.payload.aud = REFERENCE_AUDIENCE;
  });
  server.service.on(
    'beforeResponse',
    (response: MutableResponse, request: IncomingMessage & { body?: Record<string, unknown> }) => {
      const body = request.body ?? {};
      if (body.grant_type !== 'client_credentials') {
        response.statusCode = 400;
        response.body = {
          error: 'unsupported_grant_type',
          error_description: 'this development issuer only issues client-credentials tokens',
        };
        return;
      }
      const presented = clientCredentials(request.headers.authorization, body);
      if (!presented || !sameText(presented.id, clientId) || !sameText(presented.secret, clientSecret)) {
        response.statusCode = 401;
        response.body = { error: 'invalid_client', error_description: 'unknown client, or wrong client secret' };
        return;
      }
      if (typeof response.body === 'object' && response.body !== null && 'expires_in' in response.body)
        response.body.expires_in = lifetime;
    },
  );

  const host = options.host ?? '127.0.0.1';
  // Our own HTTP server around the library's handler, with the reference service's header and
  // request timeouts and connection cap: slow clients of the token endpoint cannot starve it.
  const http = createServer(server.service.requestHandler);
  guardConnections(http, options.maxConnections);
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const issuer = `http://${urlHost(host)}:${(http.address() as AddressInfo).port}`;
  // Tokens and clients use the address actually bound.
  server.issuer.url = issuer;
  let closed: Promise<void> | undefined;
  return {
    issuer,
    tokenUrl: `${issuer}/token`,
    jwksUri: `${issuer}/jwks`,
    clientId,
    clientSecret,
    close() {
      closed ??= new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
      return closed;
    },
  };
}

/** The client id and secret of a token request: HTTP Basic (RFC 6749 §2.3.1) or form members. */
function clientCredentials(
  authorization: string | undefined,
  body: Record<string, unknown>,
): { id: string; secret: string } | undefined {
  const basic = authorization ? /^Basic +([A-Za-z0-9+/]+=*)\s*$/i.exec(authorization)?.[1] : undefined;
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return undefined;
    const unescape = (text: string) => {
      try {
        return decodeURIComponent(text.replace(/\+/g, ' '));
      } catch {
        // Not valid percent-encoding: taken as written.
        return text;
      }
    };
    return { id: unescape(decoded.slice(0, colon)), secret: unescape(decoded.slice(colon + 1)) };
  }
  if (typeof body.client_id === 'string' && typeof body.client_secret === 'string')
    return { id: body.client_id, secret: body.client_secret };
  return undefined;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A host as it goes into a URL: wildcard addresses become loopback, IPv6 gets brackets. */
export function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

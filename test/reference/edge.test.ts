/**
 * The reference service's answers at the edge of HTTP: a URL too long, headers
 * too large, a URL that cannot be decoded, a request that is not HTTP, OPTIONS, and a token for
 * another audience. Every error is Problem Details and echoes no identifier. Raw sockets where
 * `fetch` would refuse to send the request.
 */
import { connect } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_URL_LENGTH } from '../../src/reference/app.js';
import { REFERENCE_AUDIENCE } from '../../src/reference/auth.js';
import { startReferenceService, type RunningReferenceService } from '../../src/reference/service.js';
import { EXAMPLE_USER, call, getToken, isProblem } from './helpers.js';

let service: RunningReferenceService;
let token: string;
beforeAll(async () => {
  service = await startReferenceService({});
  token = await getToken(service);
});
afterAll(async () => {
  await service.close();
});

/** Sends raw bytes and reads the whole answer (the service closes the connection after it). */
function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  const { hostname, port } = new URL(service.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (data += String(chunk)));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head.toLowerCase(), body });
    });
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer')));
    socket.end(request);
  });
}

function expectProblemBody(answer: { status: number; headers: string; body: string }, status: number): void {
  expect(answer.status).toBe(status);
  expect(answer.headers).toContain('content-type: application/problem+json');
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(body).toMatchObject({ type: `https://httpstatuses.org/${status}`, status });
  expect(answer.body).not.toContain(EXAMPLE_USER);
}

describe('the reference service at the edge of HTTP', () => {
  it('answers a URL longer than it reads with 414 Problem Details, before authentication', async () => {
    const path = `/v2/users/${EXAMPLE_USER}?pad=${'x'.repeat(MAX_URL_LENGTH)}`;
    expectProblemBody(await raw(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`), 414);
  });

  it('answers headers larger than it reads with 431 Problem Details', async () => {
    const answer = await raw(
      `GET /v2/users/${EXAMPLE_USER} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\nConnection: close\r\n\r\n`,
    );
    expectProblemBody(answer, 431);
    expect(answer.headers).toContain('connection: close');
  });

  it('answers a request that is not HTTP with 400 Problem Details', async () => {
    expectProblemBody(await raw(`NOT HTTP AT ALL ${EXAMPLE_USER}\r\n\r\n`), 400);
  });

  it('answers a URL that cannot be decoded with 400 Problem Details, echoing nothing', async () => {
    const answer = await call(service, `/v2/users/%2x${EXAMPLE_USER}`, { token });
    expect(isProblem(answer, 400)).toBe(true);
    expect(answer.text).not.toContain(EXAMPLE_USER);
    expect(answer.json.detail).toMatch(/percent-encoding/);
  });

  it('answers OPTIONS with 204, Allow and no body, without credentials', async () => {
    for (const path of [
      `/v2/users/${EXAMPLE_USER}`,
      '/v2/users/.national-id',
      `/v2/users/${EXAMPLE_USER}/actor-profiles/1403552329`,
    ]) {
      const answer = await fetch(`${service.baseUrl}${path}`, { method: 'OPTIONS' });
      expect(answer.status, path).toBe(204);
      expect(answer.headers.get('allow'), path).toBe('GET, HEAD, OPTIONS');
      expect(answer.headers.get('content-type'), path).toBeNull();
      expect(await answer.text(), path).toBe('');
    }
    const unknown = await fetch(`${service.baseUrl}/v2/nothing`, { method: 'OPTIONS' });
    expect(unknown.status).toBe(404);
  });
});

describe('the audience of a token', () => {
  it('the development issuer makes tokens for the reference service', () => {
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { aud?: unknown };
    expect(claims.aud).toBe(REFERENCE_AUDIENCE);
  });

  it('with --issuer and --audience: a token for another API is refused with 401, even with the scope', async () => {
    const issuer = new OAuth2Server();
    await issuer.issuer.keys.generate('RS256');
    await issuer.start(0, '127.0.0.1');
    const url = `http://127.0.0.1:${issuer.address().port}`;
    issuer.issuer.url = url;
    const strict = await startReferenceService({ auth: { issuer: url, audience: REFERENCE_AUDIENCE } });
    try {
      const forAudience = (aud: string | undefined) =>
        issuer.issuer.buildToken({
          scopesOrTransform: (_header, payload) => {
            payload.scope = '@island.is/user-profile:read';
            if (aud === undefined) delete payload.aud;
            else payload.aud = aud;
          },
        });
      expect(
        (await call(strict, `/v2/users/${EXAMPLE_USER}`, { token: await forAudience(REFERENCE_AUDIENCE) })).status,
      ).toBe(200);
      const other = await call(strict, `/v2/users/${EXAMPLE_USER}`, { token: await forAudience('@island.is/finance') });
      expect(isProblem(other, 401)).toBe(true);
      expect(other.headers.get('www-authenticate')).toMatch(/invalid_token/);
      expect(
        isProblem(await call(strict, `/v2/users/${EXAMPLE_USER}`, { token: await forAudience(undefined) }), 401),
      ).toBe(true);
    } finally {
      await strict.close();
      await issuer.stop();
    }
  });
});

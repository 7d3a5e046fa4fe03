/**
 * OAuth 2.0 tokens that expire during a run: renewed before they expire, and once (never more)
 * after a 401 caused by expiry. The unit tests drive `send` with a stand-in fetch and clock; the
 * last test runs the contract tests over real sockets against the reference service whose
 * development issuer makes short-lived tokens.
 */
import { Writable } from 'node:stream';
import { describe, expect, it, type TestContext } from 'vitest';
import { createTokenRenewal, type TokenResult } from '../../src/contract/auth.js';
import { send } from '../../src/contract/http.js';
import { runContractTests } from '../../src/contract/index.js';
import { startReferenceService, type RunningReferenceService } from '../../src/reference/service.js';

/** A token endpoint stand-in: t2, t3, … (t1 is the run's first token), each valid for `lifetime` seconds of the test's clock. */
function issuer(lifetime = 60) {
  let issued = 0;
  const asked: string[] = [];
  const request = (scope: string): Promise<TokenResult> => {
    asked.push(scope);
    issued++;
    return Promise.resolve({ ok: true, accessToken: `t${issued + 1}`, expiresIn: lifetime });
  };
  return { request, asked, issued: () => issued };
}

function answering(statuses: number[], seen: string[], onSend?: () => void): typeof fetch {
  return (_url: unknown, init?: RequestInit) => {
    const headers = init?.headers as Record<string, string>;
    seen.push(headers.Authorization ?? '');
    onSend?.();
    const status = statuses[Math.min(seen.length - 1, statuses.length - 1)];
    return Promise.resolve(
      new Response(status === 401 ? '' : '{}', {
        status,
        headers: status === 401 ? { 'www-authenticate': 'Bearer error="invalid_token"' } : {},
      }),
    );
  };
}

const request = { method: 'GET', url: new URL('http://127.0.0.1:1/v1/me'), headers: { Authorization: 'Bearer t1' } };

describe('token renewal', () => {
  it('a 401 to a token that expired while the request was on its way is tried once more with a new token, and only once', async () => {
    let clock = 0;
    const tokens = issuer(60);
    const renewal = createTokenRenewal({ request: tokens.request, now: () => clock });
    renewal.track('read', { accessToken: 't1', expiresIn: 60 }, { Authorization: 'Bearer t1' });
    const seen: string[] = [];
    // The server answers 401 to everything; the token expires while the first request is answered.
    const outcome = await send(request, {
      timeoutMs: 1000,
      tokens: renewal,
      fetch: answering([401], seen, () => (clock += 61_000)),
    });
    expect(seen).toEqual(['Bearer t1', 'Bearer t2']);
    expect(outcome.ok && outcome.response.status).toBe(401);
    expect(tokens.issued()).toBe(1);
    expect(tokens.asked).toEqual(['read']);
  });

  it('the retry with the new token gets the answer', async () => {
    let clock = 0;
    const tokens = issuer(60);
    const renewal = createTokenRenewal({ request: tokens.request, now: () => clock });
    renewal.track('read', { accessToken: 't1', expiresIn: 60 }, { Authorization: 'Bearer t1' });
    const seen: string[] = [];
    const outcome = await send(request, {
      timeoutMs: 1000,
      tokens: renewal,
      fetch: answering([401, 200], seen, () => (clock += 61_000)),
    });
    expect(seen).toEqual(['Bearer t1', 'Bearer t2']);
    expect(outcome.ok && outcome.response.status).toBe(200);
  });

  it('a 401 to a token that has not expired is the answer: no new token, no retry', async () => {
    const tokens = issuer(60);
    const renewal = createTokenRenewal({ request: tokens.request, now: () => 0 });
    renewal.track('read', { accessToken: 't1', expiresIn: 60 }, { Authorization: 'Bearer t1' });
    const seen: string[] = [];
    const outcome = await send(request, { timeoutMs: 1000, tokens: renewal, fetch: answering([401], seen) });
    expect(seen).toEqual(['Bearer t1']);
    expect(outcome.ok && outcome.response.status).toBe(401);
    expect(tokens.issued()).toBe(0);
  });

  it('a token the run did not issue (a forged one) is never renewed or retried', async () => {
    let clock = 0;
    const tokens = issuer(60);
    const renewal = createTokenRenewal({ request: tokens.request, now: () => clock });
    renewal.track('read', { accessToken: 't1', expiresIn: 60 }, { Authorization: 'Bearer t1' });
    const seen: string[] = [];
    clock = 120_000;
    await send(
      { ...request, headers: { Authorization: 'Bearer forged' } },
      { timeoutMs: 1000, tokens: renewal, fetch: answering([401], seen) },
    );
    expect(seen).toEqual(['Bearer forged']);
    expect(tokens.issued()).toBe(0);
  });

  it('renews a token before it expires (a quarter of its lifetime left), once for requests sent together, and updates the shared headers', async () => {
    let clock = 0;
    const tokens = issuer(60);
    const renewal = createTokenRenewal({ request: tokens.request, now: () => clock });
    const shared = { Authorization: 'Bearer t1' };
    renewal.track('read', { accessToken: 't1', expiresIn: 60 }, shared);
    const seen: string[] = [];
    clock = 40_000;
    await send(request, { timeoutMs: 1000, tokens: renewal, fetch: answering([200], seen) });
    expect(seen).toEqual(['Bearer t1']);
    clock = 46_000;
    await Promise.all(
      [1, 2, 3].map(() => send(request, { timeoutMs: 1000, tokens: renewal, fetch: answering([200], seen) })),
    );
    expect(seen.slice(1)).toEqual(['Bearer t2', 'Bearer t2', 'Bearer t2']);
    expect(tokens.issued()).toBe(1);
    expect(shared.Authorization).toBe('Bearer t2');
    expect(renewal.renewals()).toBe(1);
  });
});

/** A log stream for the reference service that counts the 401 answers it gave. */
function unauthorizedCounter() {
  const counter = {
    count: 0,
    stream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (/"statusCode":401\b/.test(line)) counter.count++;
        done();
      },
    }),
  };
  return counter;
}

// The two runs are paced in real time (their tokens expire on the service's clock, which is the
// point) and mostly wait between requests, so they run side by side: the file takes the longer of
// the two, not their sum. Each test closes its own services and asserts through its own `expect`.
describe.concurrent('a long run with short-lived tokens, over real sockets', () => {
  /** A reference service closed when the test that started it finishes. */
  async function startService(
    context: TestContext,
    options: Parameters<typeof startReferenceService>[0],
  ): Promise<RunningReferenceService> {
    const service = await startReferenceService(options);
    context.onTestFinished(() => service.close());
    return service;
  }

  // 3-second tokens over a run paced to about 12 seconds: four lifetimes, the same ratio as a
  // 2-minute run with 30-second tokens, without making the test suite wait 2 minutes.
  const LIFETIME_SECONDS = 3;
  const options = (svc: RunningReferenceService) => ({
    description: svc.descriptionPath,
    server: svc.baseUrl,
    seed: 5,
    allowUnsafeMethods: true,
  });
  const oauth = (svc: RunningReferenceService) => ({
    oauth: { tokenUrl: svc.tokenUrl!, clientId: svc.clientId!, clientSecret: svc.clientSecret!, scope: svc.scope },
  });

  it('passes: the tokens are renewed as they run out (Dredd replay included), and the server answers no more 401s than with hour-long tokens', async (context) => {
    const { expect } = context;
    // The same run (same seed) with hour-long tokens and no pacing: the 401s the probes ask for.
    const baseline = unauthorizedCounter();
    const unpaced = await startService(context, { port: 0, auth: 'dev', log: baseline.stream });
    const clean = await runContractTests({ ...options(unpaced), auth: oauth(unpaced) });
    expect(clean.findings).toEqual([]);
    await unpaced.close();

    const counter = unauthorizedCounter();
    const service = await startService(context, {
      port: 0,
      auth: 'dev',
      tokenLifetimeSeconds: LIFETIME_SECONDS,
      log: counter.stream,
    });
    const started = performance.now();
    const notes: string[] = [];
    // About 1,000 requests (every phase and the Dredd replay) at 90 a second: about 12 seconds.
    const report = await runContractTests({
      ...options(service),
      rate: 90,
      auth: oauth(service),
      onProgress: (note) => notes.push(note),
    });
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeGreaterThan(3 * LIFETIME_SECONDS);
    expect(report.findings).toEqual([]);
    expect(baseline.count).toBeGreaterThan(0);
    expect(counter.count).toBe(baseline.count);
    const renewed = Number(
      /^oauth: tokens renewed (\d+) time/.exec(notes.find((n) => n.startsWith('oauth: tokens renewed')) ?? '')?.[1] ??
        0,
    );
    // At least one renewal per lifetime that passed.
    expect(renewed).toBeGreaterThanOrEqual(Math.floor(seconds / LIFETIME_SECONDS) - 1);
  }, 90_000);

  it('the same run with one token that is not renewed (a --bearer token) gets 401s once it expires: the scenario is real', async (context) => {
    const { expect } = context;
    const counter = unauthorizedCounter();
    const service = await startService(context, {
      port: 0,
      auth: 'dev',
      tokenLifetimeSeconds: LIFETIME_SECONDS,
      log: counter.stream,
    });
    const body = new URLSearchParams({ grant_type: 'client_credentials', scope: service.scope });
    const answer = await fetch(service.tokenUrl!, {
      method: 'POST',
      body,
      headers: {
        authorization: `Basic ${Buffer.from(`${service.clientId}:${service.clientSecret}`).toString('base64')}`,
      },
    });
    const { access_token: token } = (await answer.json()) as { access_token: string };
    await runContractTests({ ...options(service), rate: 90, auth: { bearer: token }, dredd: false });
    // Most of the ~870 requests are sent after the token expired.
    expect(counter.count).toBeGreaterThan(300);
  }, 60_000);
});

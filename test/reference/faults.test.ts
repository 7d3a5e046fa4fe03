/**
 * Each fault mode changes exactly what it says: every test compares a service in the fault
 * mode with the clean service, on what the fault should change and on what it should not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULTS, FAULT_NAMES, SLOW_DELAY_MS, type FaultName } from '../../src/reference/faults.js';
import { DEFAULT_TIMEOUT_MS } from '../../src/contract/index.js';
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
  schemaErrors,
  schemaValidators,
  type Answer,
} from './helpers.js';

const validators = schemaValidators();

/** A user with no nudge dates (both null), to check that a fault leaves nulls alone. */
const NEVER_NUDGED_USER = RESTRICTED_USER;

interface Running {
  service: RunningReferenceService;
  token: string;
  unscopedToken: string;
}

let clean: Running;
const started: RunningReferenceService[] = [];

async function start(faults: FaultName[]): Promise<Running> {
  const service = await startReferenceService({ faults });
  started.push(service);
  return { service, token: await getToken(service), unscopedToken: await getToken(service, null) };
}

beforeAll(async () => {
  clean = await start([]);
});
afterAll(async () => {
  await Promise.all(started.map((service) => service.close()));
});

function profile(
  running: Running,
  id: string,
  options: { header?: boolean; token?: string | null; query?: string } = {},
): Promise<Answer> {
  const token = options.token === null ? undefined : (options.token ?? running.token);
  const query = options.query ?? '';
  return options.header
    ? call(running.service, `/v2/users/.national-id${query}`, { token, headers: { 'X-Param-National-Id': id } })
    : call(running.service, `/v2/users/${id}${query}`, { token });
}

function actor(running: Running, to: string, from: string, options: { header?: boolean } = {}): Promise<Answer> {
  return options.header
    ? call(running.service, '/v2/users/.to-national-id/actor-profiles/.from-national-id', {
        token: running.token,
        headers: { 'X-Param-To-National-Id': to, 'X-Param-From-National-Id': from },
      })
    : call(running.service, `/v2/users/${to}/actor-profiles/${from}`, { token: running.token });
}

/** The clean service's errors of every kind, and the same requests to another service. */
async function errorAnswers(running: Running): Promise<Record<string, Answer>> {
  return {
    400: await profile(running, BAD_CHECK_DIGIT),
    401: await profile(running, EXAMPLE_USER, { token: null }),
    403: await profile(running, EXAMPLE_USER, { token: running.unscopedToken }),
    404: await call(running.service, '/v2/no-such-route', { token: running.token }),
  };
}

/** Asserts that two answers are the same in status, content type and body. */
function expectSame(actual: Answer, expected: Answer, what: string): void {
  expect(actual.status, what).toBe(expected.status);
  expect(actual.contentType, what).toBe(expected.contentType);
  if (expected.json !== undefined && typeof expected.json === 'object' && 'traceId' in expected.json) {
    const { traceId: _a, ...actualRest } = actual.json;
    const { traceId: _b, ...expectedRest } = expected.json;
    expect(actualRest, what).toEqual(expectedRest);
  } else {
    expect(actual.text, what).toBe(expected.text);
  }
}

/** The 200 answers a body fault must leave alone apart from its own change, and the answers it must not touch at all. */
async function expectUntouchedElsewhere(running: Running): Promise<void> {
  expectSame(await profile(running, UNKNOWN_USER), await profile(clean, UNKNOWN_USER), '204');
  expectSame(
    await actor(running, UNKNOWN_USER, UNKNOWN_USER_2),
    await actor(clean, UNKNOWN_USER, UNKNOWN_USER_2),
    '204 actor',
  );
  const mine = await errorAnswers(running);
  const theirs = await errorAnswers(clean);
  for (const status of Object.keys(theirs)) expectSame(mine[status], theirs[status], `error ${status}`);
}

describe('fault modes', () => {
  it('the table lists every mode with a one-line description, and each has a test below', () => {
    expect(FAULT_NAMES).toEqual([
      'bare-array',
      'not-found-404',
      'plain-json-errors',
      'hyphen-national-id',
      'bad-date-time',
      'missing-created-timestamp',
      'wrong-type',
      'undocumented-status',
      'no-auth',
      'server-error',
      'crash-on-long-id',
      'crash-on-non-ascii-id',
      'refuse-first-party',
      'any-client-type',
      'missing-header-204',
      'unverified-token',
      'no-allow-header',
      'no-www-authenticate',
      'latin1-charset',
      'snake-case-field',
      'slow',
    ]);
    for (const fault of FAULTS) {
      expect(fault.description.length, fault.name).toBeGreaterThan(10);
      expect(fault.description, fault.name).not.toContain('\n');
    }
  });

  it('an unknown fault name is refused, listing the valid ones', async () => {
    await expect(startReferenceService({ faults: ['teapot' as FaultName] })).rejects.toThrow(
      /unknown fault "teapot".*bare-array.*slow/,
    );
  });

  it('bare-array: a profile comes wrapped in an array, and nothing else changes', async () => {
    const faulty = await start(['bare-array']);
    for (const header of [false, true]) {
      const cleanBody = (await profile(clean, EXAMPLE_USER, { header })).json;
      const answer = await profile(faulty, EXAMPLE_USER, { header });
      expect(answer.status).toBe(200);
      expect(Array.isArray(answer.json)).toBe(true);
      expect(answer.json).toEqual([cleanBody]);
      expect(schemaErrors(validators, 'UserProfile', answer.json)).not.toEqual([]);
    }
    expect((await actor(faulty, EXAMPLE_USER, EXAMPLE_FROM_USER)).json).toEqual([
      (await actor(clean, EXAMPLE_USER, EXAMPLE_FROM_USER)).json,
    ]);
    await expectUntouchedElsewhere(faulty);
  });

  it('not-found-404: an unknown user or relation answers 404 instead of 204, and nothing else changes', async () => {
    const faulty = await start(['not-found-404']);
    for (const header of [false, true]) {
      expect((await profile(clean, UNKNOWN_USER, { header })).status).toBe(204);
      const answer = await profile(faulty, UNKNOWN_USER, { header });
      expect(isProblem(answer, 404)).toBe(true);
    }
    expect((await actor(clean, EXAMPLE_FROM_USER, EXAMPLE_USER)).status).toBe(204);
    expect(isProblem(await actor(faulty, EXAMPLE_FROM_USER, EXAMPLE_USER), 404)).toBe(true);
    expectSame(await profile(faulty, EXAMPLE_USER), await profile(clean, EXAMPLE_USER), 'known user');
    expectSame(
      await actor(faulty, EXAMPLE_USER, EXAMPLE_FROM_USER),
      await actor(clean, EXAMPLE_USER, EXAMPLE_FROM_USER),
      'known relation',
    );
    const mine = await errorAnswers(faulty);
    const theirs = await errorAnswers(clean);
    for (const status of Object.keys(theirs)) expectSame(mine[status], theirs[status], `error ${status}`);
  });

  it('plain-json-errors: every error is application/json { error } without Problem Details members; statuses and successes stay', async () => {
    const faulty = await start(['plain-json-errors']);
    const mine = await errorAnswers(faulty);
    const theirs = await errorAnswers(clean);
    for (const status of Object.keys(theirs)) {
      const cleanAnswer = theirs[status];
      const answer = mine[status];
      expect(isProblem(cleanAnswer, Number(status)), `clean ${status}`).toBe(true);
      expect(answer.status, status).toBe(Number(status));
      expect(answer.contentType, status).toMatch(/^application\/json/);
      expect(Object.keys(answer.json), status).toEqual(['error']);
      expect(answer.json.error, status).toEqual(expect.any(String));
      expect(answer.headers.get('www-authenticate'), status).toBe(cleanAnswer.headers.get('www-authenticate'));
    }
    expectSame(await profile(faulty, EXAMPLE_USER), await profile(clean, EXAMPLE_USER), '200');
    expectSame(await profile(faulty, UNKNOWN_USER), await profile(clean, UNKNOWN_USER), '204');
  });

  it('hyphen-national-id: identifiers in bodies are written ######-####, and nothing else changes', async () => {
    const faulty = await start(['hyphen-national-id']);
    const cleanBody = (await profile(clean, EXAMPLE_USER)).json;
    const answer = await profile(faulty, EXAMPLE_USER, { header: true });
    expect(answer.json.nationalId).toBe('010130-2989');
    expect({ ...answer.json, nationalId: cleanBody.nationalId }).toEqual(cleanBody);
    expect(schemaErrors(validators, 'UserProfile', answer.json)).not.toEqual([]);
    const cleanActor = (await actor(clean, EXAMPLE_USER, EXAMPLE_FROM_USER)).json;
    const faultyActor = (await actor(faulty, EXAMPLE_USER, EXAMPLE_FROM_USER)).json;
    expect(faultyActor.toNationalId).toBe('010130-2989');
    expect(faultyActor.fromNationalId).toBe(`${EXAMPLE_FROM_USER.slice(0, 6)}-${EXAMPLE_FROM_USER.slice(6)}`);
    expect({
      ...faultyActor,
      toNationalId: cleanActor.toNationalId,
      fromNationalId: cleanActor.fromNationalId,
    }).toEqual(cleanActor);
    await expectUntouchedElsewhere(faulty);
  });

  it('bad-date-time: date-times lose fraction and zone, nulls stay null, and nothing else changes', async () => {
    const faulty = await start(['bad-date-time']);
    const cleanBody = (await profile(clean, EXAMPLE_USER)).json;
    const answer = (await profile(faulty, EXAMPLE_USER)).json;
    for (const field of ['createdTimestamp', 'lastNudge', 'nextNudge']) {
      expect(answer[field], field).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      expect(answer[field], field).toBe(cleanBody[field].slice(0, 19));
    }
    expect(answer.lastNudge).toBe('2024-05-02T09:30:00');
    expect({
      ...answer,
      createdTimestamp: cleanBody.createdTimestamp,
      lastNudge: cleanBody.lastNudge,
      nextNudge: cleanBody.nextNudge,
    }).toEqual(cleanBody);
    expect(schemaErrors(validators, 'UserProfile', answer)).not.toEqual([]);
    const neverNudged = (await profile(faulty, NEVER_NUDGED_USER)).json;
    expect(neverNudged.lastNudge).toBeNull();
    expect(neverNudged.nextNudge).toBeNull();
    expect((await actor(faulty, EXAMPLE_USER, EXAMPLE_FROM_USER)).json.createdTimestamp).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/,
    );
    await expectUntouchedElsewhere(faulty);
  });

  it('missing-created-timestamp: bodies lack createdTimestamp, and nothing else changes', async () => {
    const faulty = await start(['missing-created-timestamp']);
    const { createdTimestamp, ...rest } = (await profile(clean, EXAMPLE_USER)).json;
    expect(createdTimestamp).toEqual(expect.any(String));
    const answer = (await profile(faulty, EXAMPLE_USER, { header: true })).json;
    expect(answer).toEqual(rest);
    expect(schemaErrors(validators, 'UserProfile', answer)).not.toEqual([]);
    const { createdTimestamp: _actorCreated, ...actorRest } = (await actor(clean, EXAMPLE_USER, EXAMPLE_FROM_USER))
      .json;
    expect((await actor(faulty, EXAMPLE_USER, EXAMPLE_FROM_USER, { header: true })).json).toEqual(actorRest);
    await expectUntouchedElsewhere(faulty);
  });

  it('wrong-type: emailVerified comes as a string, and nothing else changes', async () => {
    const faulty = await start(['wrong-type']);
    const cleanBody = (await profile(clean, EXAMPLE_USER)).json;
    const answer = (await profile(faulty, EXAMPLE_USER)).json;
    expect(typeof cleanBody.emailVerified).toBe('boolean');
    expect(answer.emailVerified).toBe(String(cleanBody.emailVerified));
    expect({ ...answer, emailVerified: cleanBody.emailVerified }).toEqual(cleanBody);
    expect(schemaErrors(validators, 'UserProfile', answer)).not.toEqual([]);
    expect((await actor(faulty, EXAMPLE_USER, EXAMPLE_FROM_USER)).json.emailVerified).toEqual(expect.any(String));
    await expectUntouchedElsewhere(faulty);
  });

  it('undocumented-status: the example user answers 418, every other user as before', async () => {
    const faulty = await start(['undocumented-status']);
    for (const header of [false, true]) {
      expect((await profile(clean, EXAMPLE_USER, { header })).status).toBe(200);
      expect((await profile(faulty, EXAMPLE_USER, { header })).status).toBe(418);
    }
    expect((await actor(faulty, EXAMPLE_USER, EXAMPLE_FROM_USER)).status).toBe(418);
    expectSame(await profile(faulty, RESTRICTED_USER), await profile(clean, RESTRICTED_USER), 'other user');
    expectSame(
      await actor(faulty, EXAMPLE_FROM_USER, EXAMPLE_USER),
      await actor(clean, EXAMPLE_FROM_USER, EXAMPLE_USER),
      'example user as the from party',
    );
    await expectUntouchedElsewhere(faulty);
  });

  it('no-auth: a request without a token is served; a bad or unscoped token is still refused', async () => {
    const faulty = await start(['no-auth']);
    expect((await profile(clean, EXAMPLE_USER, { token: null })).status).toBe(401);
    const answer = await profile(faulty, EXAMPLE_USER, { token: null });
    expectSame(answer, await profile(clean, EXAMPLE_USER), 'served without a token');
    expect((await call(faulty.service, `/v2/users/${EXAMPLE_USER}/actor-profiles/${EXAMPLE_FROM_USER}`)).status).toBe(
      200,
    );
    expect(isProblem(await profile(faulty, EXAMPLE_USER, { token: 'not-a-jwt' }), 401)).toBe(true);
    expect(isProblem(await profile(faulty, EXAMPLE_USER, { token: faulty.unscopedToken }), 403)).toBe(true);
  });

  it('server-error: the example user answers 500 with an HTML stack trace, every other user as before', async () => {
    const faulty = await start(['server-error']);
    for (const header of [false, true]) {
      const answer = await profile(faulty, EXAMPLE_USER, { header });
      expect(answer.status).toBe(500);
      expect(answer.contentType).toMatch(/^text\/html/);
      expect(answer.text).toMatch(/^<!DOCTYPE html>/);
      expect(answer.text).toContain('TypeError');
      expect(answer.text).toMatch(/ at /);
    }
    expectSame(await profile(faulty, RESTRICTED_USER), await profile(clean, RESTRICTED_USER), 'other user');
    await expectUntouchedElsewhere(faulty);
  });

  it('crash-on-long-id: an identifier of eleven digits answers 500, ten digits still as before', async () => {
    const faulty = await start(['crash-on-long-id']);
    expect((await profile(clean, `${EXAMPLE_USER}1`)).status).toBe(400);
    const answer = await profile(faulty, `${EXAMPLE_USER}1`);
    expect(answer.status).toBe(500);
    expect(isProblem(answer, 500)).toBe(true);
    expectSame(await profile(faulty, EXAMPLE_USER), await profile(clean, EXAMPLE_USER), '200');
    expectSame(await profile(faulty, BAD_CHECK_DIGIT), await profile(clean, BAD_CHECK_DIGIT), '400 check digit');
  });

  it('crash-on-non-ascii-id: an identifier in the path with a character outside ASCII answers 500; ASCII ones and headers as before', async () => {
    const faulty = await start(['crash-on-non-ascii-id']);
    for (const value of ['٠١٠١٣٠٢٩٨٩', '０１０１３０２９８９', '010130298þ', '0101302😀']) {
      expect(isProblem(await profile(clean, encodeURIComponent(value)), 400), value).toBe(true);
      const answer = await profile(faulty, encodeURIComponent(value));
      expect(answer.status, value).toBe(500);
      expect(isProblem(answer, 500)).toBe(true);
    }
    expectSame(await profile(faulty, EXAMPLE_USER), await profile(clean, EXAMPLE_USER), '200');
    expectSame(await profile(faulty, BAD_CHECK_DIGIT), await profile(clean, BAD_CHECK_DIGIT), '400 check digit');
    expectSame(
      await profile(faulty, `${EXAMPLE_USER}1`),
      await profile(clean, `${EXAMPLE_USER}1`),
      '400 eleven digits',
    );
  });

  it('refuse-first-party: clientType=FIRST_PARTY, a documented value, is refused; THIRD_PARTY still served', async () => {
    const faulty = await start(['refuse-first-party']);
    expect((await profile(clean, EXAMPLE_USER, { query: '?clientType=FIRST_PARTY' })).status).toBe(200);
    const answer = await profile(faulty, EXAMPLE_USER, { query: '?clientType=FIRST_PARTY' });
    expect(isProblem(answer, 400)).toBe(true);
    expectSame(
      await profile(faulty, EXAMPLE_USER, { query: '?clientType=THIRD_PARTY' }),
      await profile(clean, EXAMPLE_USER, { query: '?clientType=THIRD_PARTY' }),
      'third party',
    );
  });

  it('any-client-type: an unknown clientType is served as THIRD_PARTY instead of refused', async () => {
    const faulty = await start(['any-client-type']);
    expect(isProblem(await profile(clean, EXAMPLE_USER, { query: '?clientType=anything' }), 400)).toBe(true);
    const answer = await profile(faulty, EXAMPLE_USER, { query: '?clientType=anything' });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual((await profile(clean, EXAMPLE_USER, { query: '?clientType=THIRD_PARTY' })).json);
  });

  it('missing-header-204: a request without the identifier header answers 204 instead of 400', async () => {
    const faulty = await start(['missing-header-204']);
    const path = '/v2/users/.national-id';
    expect(isProblem(await call(clean.service, path, { token: clean.token }), 400)).toBe(true);
    const answer = await call(faulty.service, path, { token: faulty.token });
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    expectSame(
      await profile(faulty, EXAMPLE_USER, { header: true }),
      await profile(clean, EXAMPLE_USER, { header: true }),
      'with the header',
    );
  });

  it('unverified-token: an unsigned token with the scope is served; the clean service refuses it', async () => {
    const faulty = await start(['unverified-token']);
    const encode = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ scope: faulty.service.scope, sub: 'forged' })}.`;
    expect((await profile(clean, EXAMPLE_USER, { token: unsigned })).status).toBe(401);
    expect((await profile(faulty, EXAMPLE_USER, { token: unsigned })).status).toBe(200);
    // A forged token without the scope, and no token at all, are still refused.
    const unscoped = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: 'forged' })}.`;
    expect((await profile(faulty, EXAMPLE_USER, { token: unscoped })).status).toBe(401);
    expect((await profile(faulty, EXAMPLE_USER, { token: null })).status).toBe(401);
  });

  it('no-allow-header: a method a path lacks answers 405 without Allow; the clean service names GET and HEAD', async () => {
    const faulty = await start(['no-allow-header']);
    const send = (running: Running) =>
      fetch(`${running.service.baseUrl}/v2/users/${EXAMPLE_USER}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${running.token}` },
      });
    const cleanAnswer = await send(clean);
    expect(cleanAnswer.status).toBe(405);
    expect(cleanAnswer.headers.get('allow')).toBe('GET, HEAD');
    const answer = await send(faulty);
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBeNull();
  });

  it('no-www-authenticate: 401 and 403 lack WWW-Authenticate; the clean service sends it', async () => {
    const faulty = await start(['no-www-authenticate']);
    for (const [running, present] of [
      [clean, true],
      [faulty, false],
    ] as const) {
      const unauthenticated = await profile(running, EXAMPLE_USER, { token: null });
      const unscoped = await profile(running, EXAMPLE_USER, { token: running.unscopedToken });
      expect(unauthenticated.status).toBe(401);
      expect(unscoped.status).toBe(403);
      expect(unauthenticated.headers.get('www-authenticate') !== null).toBe(present);
      expect(unscoped.headers.get('www-authenticate') !== null).toBe(present);
    }
  });

  it('latin1-charset: JSON bodies are declared iso-8859-1, and their content is the same', async () => {
    const faulty = await start(['latin1-charset']);
    const answer = await profile(faulty, EXAMPLE_USER);
    const cleanAnswer = await profile(clean, EXAMPLE_USER);
    expect(cleanAnswer.contentType).toMatch(/charset=utf-8/i);
    expect(answer.contentType).toMatch(/^application\/json; charset=iso-8859-1$/i);
    expect(answer.json).toEqual(cleanAnswer.json);
  });

  it('snake-case-field: user profiles carry profile_image_url beside profileImageUrl, and nothing else changes', async () => {
    const faulty = await start(['snake-case-field']);
    const answer = await profile(faulty, EXAMPLE_USER);
    const cleanBody = (await profile(clean, EXAMPLE_USER)).json;
    const { profile_image_url: extra, ...rest } = answer.json;
    expect(extra).toBe(cleanBody.profileImageUrl);
    expect({ ...rest, createdTimestamp: cleanBody.createdTimestamp }).toEqual(cleanBody);
    await expectUntouchedElsewhere(faulty);
  });

  it('slow: every answer is held back (a short client timeout runs out), and closing does not wait for it', async () => {
    expect(SLOW_DELAY_MS).toBe(12_000);
    // Longer than the default time limit, so `vottur check --fault slow` fails with the default options.
    expect(SLOW_DELAY_MS).toBeGreaterThan(DEFAULT_TIMEOUT_MS);
    // Without auth, so that only the service itself is timed (no token requests).
    const slow = await startReferenceService({ faults: ['slow'], auth: 'none' });
    const fast = await startReferenceService({ auth: 'none' });
    try {
      const begin = Date.now();
      expect((await call(fast, `/v2/users/${EXAMPLE_USER}`, { signal: AbortSignal.timeout(1000) })).status).toBe(200);
      expect((await call(fast, '/openapi.json', { signal: AbortSignal.timeout(1000) })).status).toBe(200);
      expect(Date.now() - begin).toBeLessThan(1000);
      for (const path of [
        `/v2/users/${EXAMPLE_USER}`,
        `/v2/users/${UNKNOWN_USER}`,
        '/openapi.json',
        '/v2/no-such-route',
      ]) {
        const sent = Date.now();
        await expect(call(slow, path, { signal: AbortSignal.timeout(600) }), path).rejects.toThrow(/abort|timeout/i);
        expect(Date.now() - sent, path).toBeLessThan(SLOW_DELAY_MS);
      }
      // A request still held back when the service closes is answered at once, not after 5 s.
      const pending = fetch(`${slow.baseUrl}/v2/users/${EXAMPLE_USER}`).then(
        (response) => response.status,
        () => 'closed',
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const closeStarted = Date.now();
      await slow.close();
      expect(Date.now() - closeStarted).toBeLessThan(2000);
      expect([200, 'closed']).toContain(await pending);
    } finally {
      await slow.close();
      await fast.close();
    }
  });

  it('several faults combine: an unknown user answers a plain JSON 404', async () => {
    const faulty = await start(['not-found-404', 'plain-json-errors']);
    const answer = await profile(faulty, UNKNOWN_USER);
    expect(answer.status).toBe(404);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(Object.keys(answer.json)).toEqual(['error']);
  });
});

describe('many requests held back at once', () => {
  it('raise no MaxListenersExceededWarning (each held request listens on the one close signal)', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    const slow = await startReferenceService({ faults: ['slow'], auth: 'none' });
    try {
      const pending = Array.from({ length: 15 }, () =>
        fetch(`${slow.baseUrl}/v2/users/${EXAMPLE_USER}`).then(
          (r) => r.status,
          () => 'closed',
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await slow.close();
      await Promise.all(pending);
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
      await slow.close();
    }
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });
});

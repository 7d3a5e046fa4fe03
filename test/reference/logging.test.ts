import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { maskLogLine } from '../../src/reference/logging.js';
import type { Parsed } from '../values.js';
import { startReferenceService, type RunningReferenceService } from '../../src/reference/service.js';
import { loadProfileStore, type ProfileStore } from '../../src/reference/store.js';
import {
  BAD_CHECK_DIGIT,
  EXAMPLE_FROM_USER,
  EXAMPLE_USER,
  RESTRICTED_USER,
  UNKNOWN_USER,
  call,
  getToken,
  isProblem,
} from './helpers.js';

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    this.text += chunk.toString();
    callback();
  }
  lines(): Array<Record<string, Parsed>> {
    return this.text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, Parsed>);
  }
}

const running: RunningReferenceService[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((service) => service.close()));
  vi.restoreAllMocks();
});

describe('logs', () => {
  it('are structured JSON lines that mask every national identifier, in URLs, headers and errors', async () => {
    const log = new Capture();
    const service = await startReferenceService({ log });
    running.push(service);
    const token = await getToken(service);
    const xRoadClient = 'IS-DEV/GOV/10000/island-is-client';
    await call(service, `/v2/users/${EXAMPLE_USER}?clientType=FIRST_PARTY&echo=${RESTRICTED_USER}`, {
      token,
      headers: { 'X-Road-Client': xRoadClient },
    });
    await call(service, '/v2/users/.national-id', {
      token,
      headers: { 'X-Param-National-Id': RESTRICTED_USER, 'X-Road-Client': xRoadClient },
    });
    await call(service, `/v2/users/${EXAMPLE_USER}/actor-profiles/${EXAMPLE_FROM_USER}`, { token });
    await call(service, '/v2/users/.to-national-id/actor-profiles/.from-national-id', {
      token,
      headers: { 'X-Param-To-National-Id': EXAMPLE_USER, 'X-Param-From-National-Id': EXAMPLE_FROM_USER },
    });
    await call(service, `/v2/users/${BAD_CHECK_DIGIT}`, { token });
    await call(service, `/v2/users/${UNKNOWN_USER}`);
    await call(service, `/v2/unknown/${EXAMPLE_USER}`, { token });
    await service.close();

    const lines = log.lines();
    expect(lines.length).toBeGreaterThanOrEqual(14);
    for (const id of [EXAMPLE_USER, EXAMPLE_FROM_USER, RESTRICTED_USER, UNKNOWN_USER]) {
      expect(log.text, id).not.toContain(id);
      expect(log.text, id).toContain(`${id.slice(0, 6)}****`);
    }
    // Ten digits with a wrong check digit are no one's kennitala: shown as written (issue 34, W5).
    expect(log.text).toContain(BAD_CHECK_DIGIT);
    const incoming = lines.filter((line) => line.msg === 'incoming request');
    expect(incoming.map((line) => line.req.url)).toContain(
      `/v2/users/010130****?clientType=FIRST_PARTY&echo=090101****`,
    );
    const headerRequest = incoming.find((line) => line.req.url === '/v2/users/.national-id');
    expect(headerRequest?.req.headers['x-param-national-id']).toBe('090101****');
    expect(headerRequest?.req.xRoadClient).toBe(xRoadClient);
    expect(lines.some((line) => line.msg === 'request completed' && line.res.statusCode === 401)).toBe(true);
    expect(lines.some((line) => line.msg === 'access denied')).toBe(true);
  });

  it('mask identifiers in the message and stack of a failure, which answers a 500 Problem Details without them', async () => {
    const log = new Capture();
    const real = await loadProfileStore();
    const broken: ProfileStore = {
      getProfile: (nationalId) => Promise.reject(new Error(`connection lost while reading ${nationalId}`)),
      getActorProfile: (to, from) => real.getActorProfile(to, from),
    };
    const service = await startReferenceService({ log, store: broken, auth: 'none' });
    running.push(service);
    const answer = await call(service, `/v2/users/${EXAMPLE_USER}`);
    expect(isProblem(answer, 500)).toBe(true);
    expect(answer.text).not.toContain('connection lost');
    expect(answer.text).not.toContain(EXAMPLE_USER);
    await service.close();
    const failure = log.lines().find((line) => line.msg === 'request failed');
    expect(failure?.err.message).toBe('connection lost while reading 010130****');
    expect(failure?.reqId).toBe(answer.json.traceId);
    expect(log.text).not.toContain(EXAMPLE_USER);
  });

  it('are off by default in the library', async () => {
    const stderr = vi.spyOn(process.stderr, 'write');
    const stdout = vi.spyOn(process.stdout, 'write');
    const service = await startReferenceService({ auth: 'none' });
    running.push(service);
    await call(service, `/v2/users/${EXAMPLE_USER}`);
    await service.close();
    expect(stderr).not.toHaveBeenCalled();
    expect(stdout).not.toHaveBeenCalled();
  });

  it('keep numbers intact while masking strings', () => {
    const line = `${JSON.stringify({ time: 1714642200000, responseTime: 0.5038199999, msg: 'GET /v2/users/0101302989' })}\n`;
    const masked = maskLogLine(line);
    expect(masked.endsWith('\n')).toBe(true);
    expect(JSON.parse(masked)).toEqual({
      time: 1714642200000,
      responseTime: 0.5038199999,
      msg: 'GET /v2/users/010130****',
    });
    expect(maskLogLine('not json 0101302989')).toBe('not json 010130****');
  });
});

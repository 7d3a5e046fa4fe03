import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:net';
import { Writable } from 'node:stream';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerServe } from '../../src/cli/commands/serve.js';
import { CouldNotRunError } from '../../src/errors.js';
import { FAULTS } from '../../src/reference/faults.js';
import { EXAMPLE_USER, UNKNOWN_USER } from './helpers.js';

class Sink extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    this.text += chunk.toString();
    callback();
  }
}

function harness() {
  const signals = new EventEmitter();
  const log = new Sink();
  let stdout = '';
  const program = new Command('vottur').exitOverride();
  registerServe(program, { stdout: (text) => (stdout += text), signals, log });
  for (const command of program.commands) command.exitOverride();
  return {
    program,
    signals,
    log,
    stdout: () => stdout,
    run: (args: string[]) => program.parseAsync(['serve', ...args], { from: 'user' }),
  };
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface StartLine {
  baseUrl: string;
  tokenUrl: string | null;
  clientId: string | null;
  clientSecret: string | null;
  scope: string;
}

describe('vottur serve', () => {
  it('--list-faults prints one fault per line, name then what it does, and starts nothing', async () => {
    const h = harness();
    await h.run(['--list-faults']);
    const lines = h.stdout().trimEnd().split('\n');
    expect(lines).toHaveLength(FAULTS.length);
    FAULTS.forEach((fault, i) => {
      expect(lines[i]).toMatch(new RegExp(`^${fault.name} +\\S`));
      expect(lines[i].endsWith(fault.description)).toBe(true);
    });
    expect(h.log.text).toBe('');
  });

  it('refuses an unknown --fault with one line listing the valid names', async () => {
    const h = harness();
    const failure = await h.run(['--fault', 'bare-array', '--fault', 'teapot']).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CouldNotRunError);
    const message = (failure as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toContain('"teapot"');
    for (const fault of FAULTS) expect(message).toContain(fault.name);
  });

  it('refuses a port that is not one, and --no-auth with --issuer', async () => {
    for (const port of ['http', '-1', '70000', '3.5']) {
      await expect(harness().run(['--port', port]), port).rejects.toBeInstanceOf(CouldNotRunError);
    }
    await expect(harness().run(['--no-auth', '--issuer', 'https://innskra.island.is'])).rejects.toThrow(
      /--no-auth and --issuer/,
    );
    await expect(harness().run(['--issuer', 'innskra.island.is'])).rejects.toThrow(/not an http\(s\) URL/);
  });

  it('--token-lifetime sets how long the development issuer’s tokens last; it is refused with --issuer or --no-auth, and outside 1–86400', async () => {
    for (const value of ['0', '-3', '2.5', 'soon', '86401'])
      await expect(harness().run(['--port', '0', '--token-lifetime', value]), value).rejects.toThrow(
        /--token-lifetime/,
      );
    await expect(harness().run(['--no-auth', '--token-lifetime', '30'])).rejects.toThrow(
      /--token-lifetime sets the development issuer/,
    );
    await expect(harness().run(['--issuer', 'https://innskra.island.is', '--token-lifetime', '30'])).rejects.toThrow(
      /--token-lifetime sets the development issuer/,
    );
    const h = harness();
    const done = h.run(['--port', '0', '--token-lifetime', '30']);
    const start = JSON.parse(await waitFor(() => (h.stdout().includes('\n') ? h.stdout() : undefined))) as StartLine;
    const answer = await fetch(start.tokenUrl!, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${start.clientId}:${start.clientSecret}`).toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: start.scope }),
    });
    expect(((await answer.json()) as { expires_in: number }).expires_in).toBe(30);
    h.signals.emit('SIGTERM');
    await done;
  });

  it('defaults to 127.0.0.1:3333', () => {
    const serve = harness().program.commands.find((command) => command.name() === 'serve')!;
    expect(serve.options.find((option) => option.long === '--port')?.defaultValue).toBe(3333);
    expect(serve.options.find((option) => option.long === '--host')?.defaultValue).toBe('127.0.0.1');
  });

  it('prints one JSON line with the real port and the dev credentials, serves, logs to its log stream, and stops on SIGTERM', async () => {
    const h = harness();
    const done = h.run(['--port', '0', '--fault', 'not-found-404']);
    const line = await waitFor(() => (h.stdout().includes('\n') ? h.stdout() : undefined));
    expect(line.endsWith('\n')).toBe(true);
    expect(line.trimEnd().split('\n')).toHaveLength(1);
    const start = JSON.parse(line) as StartLine;
    expect(Object.keys(start)).toEqual(['baseUrl', 'tokenUrl', 'clientId', 'clientSecret', 'scope']);
    expect(start.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:[1-9][0-9]*$/);
    expect(start.baseUrl).not.toMatch(/:0$/);

    const tokenResponse = await fetch(start.tokenUrl!, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${start.clientId}:${start.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: start.scope }),
    });
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const ok = await fetch(`${start.baseUrl}/v2/users/${EXAMPLE_USER}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ok.status).toBe(200);
    await ok.text();
    const missing = await fetch(`${start.baseUrl}/v2/users/${UNKNOWN_USER}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(missing.status).toBe(404); // the fault is on
    await missing.text();
    expect(h.log.text).toContain('"msg":"incoming request"');
    expect(h.log.text).not.toContain(EXAMPLE_USER);

    h.signals.emit('SIGTERM');
    await done;
    await expect(fetch(`${start.baseUrl}/openapi.json`)).rejects.toThrow();
    await expect(fetch(start.tokenUrl!, { method: 'POST' })).rejects.toThrow();
    expect(h.signals.listenerCount('SIGTERM')).toBe(0);
    expect(h.signals.listenerCount('SIGINT')).toBe(0);
  });

  it('with --no-auth prints null credentials, serves without a token, and stops on SIGINT', async () => {
    const h = harness();
    const done = h.run(['--port', '0', '--no-auth']);
    const start = JSON.parse(await waitFor(() => (h.stdout().includes('\n') ? h.stdout() : undefined))) as StartLine;
    expect(start).toMatchObject({
      tokenUrl: null,
      clientId: null,
      clientSecret: null,
      scope: '@island.is/user-profile:read',
    });
    const answer = await fetch(`${start.baseUrl}/v2/users/${EXAMPLE_USER}`);
    expect(answer.status).toBe(200);
    await answer.text();
    h.signals.emit('SIGINT');
    await done;
    await expect(fetch(`${start.baseUrl}/openapi.json`)).rejects.toThrow();
  });

  it('says so in one line when the port is taken', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const failure = await harness()
        .run(['--port', String(port), '--no-auth'])
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(CouldNotRunError);
      expect((failure as Error).message).toBe(
        `cannot start the reference service: 127.0.0.1:${port} is already in use; choose another --port (0 takes any free one)`,
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('closes the dev issuer when the service cannot start', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const listening = () => process.getActiveResourcesInfo().filter((name) => name === 'TCPServerWrap').length;
    try {
      const before = listening();
      const h = harness();
      await expect(h.run(['--port', String(port)])).rejects.toBeInstanceOf(CouldNotRunError);
      expect(h.stdout()).toBe('');
      expect(listening()).toBe(before);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});

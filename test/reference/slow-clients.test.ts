/**
 * Slow clients cannot starve the others: with more connections open than the process has file
 * descriptors for, each sending a header line now and then, `vottur serve` still answers a real
 * request (the oldest connection not being answered makes room), over real sockets.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI } from '../cli/run.js';

/** The service runs with this many file descriptors; the slow clients open more connections than that. */
const OPEN_FILES = 300;
const SLOW_CLIENTS = 400;

const children: ChildProcess[] = [];
const sockets: Socket[] = [];
const timers: NodeJS.Timeout[] = [];
afterAll(() => {
  for (const timer of timers) clearInterval(timer);
  for (const socket of sockets) socket.destroy();
  for (const child of children) child.kill('SIGTERM');
});

interface Started {
  baseUrl: string;
  tokenUrl?: string;
  clientId?: string;
  clientSecret?: string;
}

function startService(auth = '--no-auth'): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'sh',
      ['-c', `ulimit -n ${OPEN_FILES} && exec "${process.execPath}" "${CLI}" serve --port 0 ${auth}`],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    children.push(child);
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve(JSON.parse(line) as Started);
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`vottur serve exited ${code}`)));
  });
}

function slowClient(port: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write('GET /openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      // One header line every second: never the blank line that ends the headers.
      let n = 0;
      timers.push(setInterval(() => socket.writable && socket.write(`X-Slow-${n++}: 1\r\n`), 1000));
      resolve();
    });
    socket.on('error', () => resolve());
    sockets.push(socket);
  });
}

describe('vottur serve and slow clients', () => {
  it(`answers a real request while ${SLOW_CLIENTS} slow connections are open (file-descriptor limit ${OPEN_FILES})`, async () => {
    const { baseUrl } = await startService();
    const port = Number(new URL(baseUrl).port);
    for (let i = 0; i < SLOW_CLIENTS; i += 50) await Promise.all(Array.from({ length: 50 }, () => slowClient(port)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const answers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${baseUrl}/openapi.json`, { signal: AbortSignal.timeout(5000) }).catch(
        () => undefined,
      );
      answers.push(response?.status ?? 0);
      await response?.arrayBuffer().catch(() => undefined);
    }
    expect(answers).toEqual([200, 200, 200]);
  }, 60_000);

  it(`the development token issuer beside it answers a token request while ${SLOW_CLIENTS} slow connections are open`, async () => {
    const started = await startService('');
    expect(started.tokenUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/token$/);
    const port = Number(new URL(started.tokenUrl!).port);
    for (let i = 0; i < SLOW_CLIENTS; i += 50) await Promise.all(Array.from({ length: 50 }, () => slowClient(port)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const answers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(started.tokenUrl!, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${started.clientId}:${started.clientSecret}`).toString('base64')}`,
        },
        body: 'grant_type=client_credentials',
        signal: AbortSignal.timeout(5000),
      }).catch(() => undefined);
      answers.push(response?.status ?? 0);
      await response?.arrayBuffer().catch(() => undefined);
    }
    expect(answers).toEqual([200, 200, 200]);
  }, 60_000);
});

/**
 * URL and standard-input documents share one budget per run (bytes, fetches, time): a description
 * whose many `$ref`s are each under the one-document limit, or standard input without end, stops
 * at the budget with one finding or one line, never a heap crash.
 */
import { spawn } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, vottur } from './run.js';

const PARTS = 520;
/** Each just under 8 MB: nine are over the run's 64 MB, each under one document's 20 MB. */
const BIG = 8 * 1024 * 1024 - 1024;
const bigPart = Buffer.from(JSON.stringify({ type: 'string', description: 'a'.repeat(BIG) }));

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    const url = request.url ?? '';
    if (url === '/many/openapi.json') {
      const properties = Object.fromEntries(
        Array.from({ length: PARTS }, (_, i) => [`p${i}`, { $ref: `parts/p${i}.json` }]),
      );
      response.end(
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 'Many', version: '1.0.0' },
          paths: {},
          components: { schemas: { Many: { type: 'object', properties } } },
        }),
      );
    } else if (url.startsWith('/many/parts/')) {
      response.end(JSON.stringify({ type: 'string' }));
    } else if (url === '/big/openapi.json') {
      const properties = Object.fromEntries(
        Array.from({ length: 12 }, (_, i) => [`p${i}`, { $ref: `parts/p${i}.json` }]),
      );
      response.end(
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 'Big', version: '1.0.0' },
          paths: {},
          components: { schemas: { Big: { type: 'object', properties } } },
        }),
      );
    } else if (url.startsWith('/big/parts/')) {
      response.end(bigPart);
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Finding {
  ruleId: string;
  message: string;
}

describe('one budget per run for URL documents and standard input', () => {
  it('stops fetching $refs after 500 fetches, with one finding that says so', async () => {
    const result = await vottur(['lint', `${base}/many/openapi.json`, '--format', 'json'], { timeoutMs: 120_000 });
    const findings = (JSON.parse(result.stdout) as { findings: Finding[] }).findings.filter((f) =>
      /the most for one run/.test(f.message),
    );
    expect(findings).toHaveLength(1);
    expect(findings[0].message).toMatch(/this run has fetched 500 documents, the most for one run/);
    expect(result.code).toBe(1);
  });

  it('stops reading $refs after 64 MB in all, though each is under the 20 MB of one document', async () => {
    const result = await vottur(['lint', `${base}/big/openapi.json`, '--format', 'json'], { timeoutMs: 120_000 });
    const findings = (JSON.parse(result.stdout) as { findings: Finding[] }).findings.filter((f) =>
      /the most for one run/.test(f.message),
    );
    expect(findings).toHaveLength(1);
    expect(findings[0].message).toMatch(/this run has read 64 MB of URL documents, remote \$refs and standard input/);
    expect(result.code).toBe(1);
  });

  it('vottur lint - < /dev/zero stops at the cap: a vottur-read-limit finding on it, exit 1 (issue 34)', async () => {
    const zero = openSync('/dev/zero', 'r');
    try {
      const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
        const child = spawn(process.execPath, [CLI, 'lint', '-'], {
          stdio: [zero, 'pipe', 'pipe'],
          env: { ...process.env, NO_COLOR: '' },
        });
        if (child.stderr === null) throw new Error('spawn gave the child no stderr pipe');
        let stderr = '';
        let stdout = '';
        child.stderr.on('data', (chunk) => (stderr += chunk));
        child.stdout?.on('data', (chunk) => (stdout += chunk));
        const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
        child.on('error', reject);
        child.on('close', (code) => {
          clearTimeout(timer);
          resolve({ code, stdout, stderr });
        });
      });
      // A bound the description reached: a finding on it, not "could not run".
      expect(result.code).toBe(1);
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain(
        'vottur-read-limit  standard input is larger than 20 MB, the most read for one document, so it is not read\n',
      );
    } finally {
      closeSync(zero);
    }
  });
});

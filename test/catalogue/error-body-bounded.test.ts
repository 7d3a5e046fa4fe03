/**
 * A security server's error answer is read for its first 2 kB and no further, and what arrives of
 * it counts against the harvest's total size (issue 34, attack r10 B4): a `listMethods` answering
 * 503 with a body streamed without end was read to the request's deadline, gigabytes of it, none
 * counted by `--max-total-size`, and harvest.json said `bytes: 0`. Over a real socket.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_BODY_BYTES } from '../../src/catalogue/fetch.js';
import { harvestCatalogue } from '../../src/catalogue/harvest.js';
import { reportCatalogue } from '../../src/catalogue/report.js';
import { CLIENT, tempFolder } from './helpers.js';

const CHUNK = Buffer.alloc(64 * 1024, 0x41);
let server: Server;
let baseUrl: string;
/** Error answers the server began (one per request). */
let errorAnswers = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url?.startsWith('/listClients')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          member: [
            {
              id: {
                object_type: 'SUBSYSTEM',
                xroad_instance: 'IS-DEV',
                member_class: 'GOV',
                member_code: '10001',
                subsystem_code: 'endless',
              },
            },
          ],
        }),
      );
      return;
    }
    errorAnswers++;
    response.writeHead(503, { 'content-type': 'text/plain' });
    // Without end, as fast as the client takes it.
    const pump = () => {
      while (!response.destroyed && response.write(CHUNK));
    };
    response.on('drain', pump);
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("a security server's endless error answer", () => {
  it('is read for its first 2 kB, counted in the total received, and fails that subsystem alone', async () => {
    const temp = tempFolder();
    errorAnswers = 0;
    const manifest = await harvestCatalogue({
      securityServer: baseUrl,
      client: CLIENT,
      out: temp.out(),
      retries: 1,
      backoffMs: 1,
      timeoutMs: 3_000,
    });
    const [subsystem] = manifest.subsystems;
    // Cut, not waited out: a status failure after both attempts, never the deadline.
    expect(subsystem?.error).toMatchObject({ kind: 'unreachable', status: 503, attempts: 2 });
    expect(subsystem?.error?.reason).toBe('listMethods answered 503');
    expect(errorAnswers).toBe(2);
    // What arrived is counted: at least the 2 kB kept of each answer, at most a few chunks beyond.
    const received = manifest.summary.received ?? 0;
    expect(received).toBeGreaterThanOrEqual(2 * ERROR_BODY_BYTES);
    expect(received).toBeLessThan(2 * 4 * CHUNK.length + 4096);
  });

  it('stops at --max-total-size when error answers pass it, a catalogue-limit-reached finding', async () => {
    const temp = tempFolder();
    const out = temp.out();
    const manifest = await harvestCatalogue({
      securityServer: baseUrl,
      client: CLIENT,
      out,
      retries: 1,
      backoffMs: 1,
      timeoutMs: 3_000,
      maxTotalBytes: 1024,
    });
    expect(manifest.subsystems[0]?.error?.kind).toBe('limit');
    expect(manifest.subsystems[0]?.error?.reason).toContain("the harvest's total size limit of 1024 bytes");
    expect(manifest.problems?.map((p) => p.kind)).toEqual(['limit']);
    const { report } = await reportCatalogue({ folder: out, cwd: temp.root, jobs: 1 });
    expect(report.findings.filter((f) => f.ruleId === 'catalogue-limit-reached').length).toBeGreaterThanOrEqual(1);
  });
});

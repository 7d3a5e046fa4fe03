/**
 * Issue 36, V3: without --allow-unsafe-methods no POST, PUT, PATCH or DELETE reaches the server,
 * from any phase, probe or Dredd's replay. `send` (src/contract/http.ts) is the one gate every
 * request passes; the runner also leaves those operations out (not tested, and said so).
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runContractTests } from '../../src/contract/index.js';
import { send, SAFE_METHODS, UnsafeMethodRefused } from '../../src/contract/http.js';

interface Recorder {
  url: string;
  methods: string[];
  close: () => Promise<void>;
}

const open: Recorder[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()));
});

async function recorder(): Promise<Recorder> {
  const methods: string[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    methods.push(request.method ?? '');
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('[{"id":1,"name":"Lassie"}]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const r: Recorder = {
    url: `http://127.0.0.1:${port}`,
    methods,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  open.push(r);
  return r;
}

const pet = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } };
const body = { required: true, content: { 'application/json': { schema: pet, example: { id: 1, name: 'Lassie' } } } };
const answer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { type: 'array', items: pet } } },
});
const ok = { '200': answer('ok'), '404': answer('none'), '400': answer('bad') };
/** Every unsafe method, on an open operation and on a secured one, each with an example. */
const DESCRIPTION = {
  openapi: '3.0.3',
  info: { title: 'pets', version: '1' },
  components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'api_key' } } },
  paths: {
    '/pets': {
      get: { operationId: 'list', responses: ok },
      delete: { operationId: 'wipe', responses: ok },
      post: { operationId: 'add', requestBody: body, responses: ok },
    },
    '/pets/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' }, example: 1 }],
      get: { operationId: 'one', responses: ok },
      put: { operationId: 'replace', requestBody: body, responses: ok },
      patch: { operationId: 'change', requestBody: body, responses: ok },
      delete: { operationId: 'remove', security: [{ key: [] }], responses: ok },
    },
  },
};

async function descriptionFile(): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'vottur-unsafe-')), 'pets.json');
  await writeFile(file, JSON.stringify(DESCRIPTION));
  return file;
}

describe('unsafe methods (issue 36, V3)', () => {
  it('send refuses every method but GET, HEAD and OPTIONS unless allowed, before anything leaves', async () => {
    const server = await recorder();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'CONNECT', 'post', 'delete']) {
      await expect(
        send({ method, url: new URL(`${server.url}/pets`), headers: {} }, { timeoutMs: 2000 }),
      ).rejects.toThrow(UnsafeMethodRefused);
    }
    expect(server.methods).toEqual([]);
    for (const method of SAFE_METHODS) {
      const outcome = await send({ method, url: new URL(`${server.url}/pets`), headers: {} }, { timeoutMs: 2000 });
      expect(outcome.ok).toBe(true);
    }
    const allowed = await send(
      { method: 'DELETE', url: new URL(`${server.url}/pets`), headers: {} },
      { timeoutMs: 2000, allowUnsafeMethods: true },
    );
    expect(allowed.ok).toBe(true);
    expect(server.methods).toEqual([...SAFE_METHODS, 'DELETE']);
  });

  it('a default run (every phase, every probe, Dredd) sends none; the coverage says not sent, with 0 requests', async () => {
    const server = await recorder();
    const report = await runContractTests({
      description: await descriptionFile(),
      server: server.url,
      auth: { headers: ['api_key: k'] },
      seed: 1,
      maxExamples: 5,
    });
    expect(server.methods.length).toBeGreaterThan(0);
    expect(new Set(server.methods)).toEqual(new Set(server.methods.filter((m) => SAFE_METHODS.includes(m))));
    for (const label of ['DELETE /pets', 'POST /pets', 'PUT /pets/{id}', 'PATCH /pets/{id}', 'DELETE /pets/{id}']) {
      const result = report.operations?.find((o) => o.operation === label);
      expect(result?.notTested, label).toMatch(/not sent without --allow-unsafe-methods/);
      expect(result?.requests, label).toBe(0);
      const coverage = report.coverage?.operations.find((o) => o.operation === label);
      expect(coverage?.skipped, label).toMatch(/not sent without --allow-unsafe-methods/);
      expect(
        Object.values(coverage?.requests ?? {}).reduce((a, b) => a + b, 0),
        label,
      ).toBe(0);
    }
  });

  it('with --allow-unsafe-methods they are sent', async () => {
    const server = await recorder();
    await runContractTests({
      description: await descriptionFile(),
      server: server.url,
      auth: { headers: ['api_key: k'] },
      seed: 1,
      maxExamples: 5,
      dredd: false,
      allowUnsafeMethods: true,
    });
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(server.methods).toContain(method);
  });
});

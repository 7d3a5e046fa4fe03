/**
 * Issue 36, V1 and V4, over real HTTP: credentials are matched per security scheme (a bearer token
 * is no API key), and the credentials-missing message counts what was sent.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runContractTests } from '../../src/contract/index.js';
import { everything } from './evidence.js';

interface Seen {
  url: string;
  headers: Record<string, string | string[] | undefined>;
}
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** Answers 401 unless `api_key: special-key`, like fastify-openapi-glue's example with its securityHandlers. */
async function keyServer(checksKey = true): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    request.resume();
    if (checksKey && request.headers.api_key !== 'special-key') {
      response.writeHead(401, { 'content-type': 'application/problem+json' });
      response.end('{"type":"about:blank","title":"Unauthorized","status":401}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"id":1,"name":"Lassie","createdTimestamp":"2024-01-01T00:00:00Z"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const problem = { 'application/problem+json': { schema: { type: 'object' } } };
const DESCRIPTION = {
  openapi: '3.0.3',
  info: { title: 'pets', version: '1' },
  components: { securitySchemes: { api_key: { type: 'apiKey', in: 'header', name: 'api_key' } } },
  paths: {
    '/pets/{id}': {
      get: {
        operationId: 'getPetById',
        security: [{ api_key: [] }],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' }, example: 1 }],
        responses: {
          '200': {
            description: 'a pet',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
          '401': { description: 'no key', content: problem },
        },
      },
    },
  },
};

async function file(description: object = DESCRIPTION): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'vottur-schemes-')), 'pets.json');
  await writeFile(path, JSON.stringify(description));
  return path;
}

describe('credentials per scheme (issue 36)', () => {
  it('V1: a bearer token is no API key: credentials-missing names api_key, and nothing is blamed on the 401', async () => {
    const server = await keyServer();
    const report = await runContractTests({
      description: await file(),
      server: server.url,
      auth: { bearer: 'good-token' },
      phases: 'examples',
      dredd: false,
    });
    const missing = report.findings.find((f) => f.ruleId === 'contract-credentials-missing');
    expect(missing?.message).toMatch(/api_key/);
    expect(missing?.message).toContain("--header 'api_key: …'");
    const rules = new Set(everything(report).map((f) => f.ruleId));
    expect(rules.has('contract-example-succeeds')).toBe(false);
    expect(rules.has('contract-status-documented')).toBe(false);
    expect(report.operations?.[0].notTested).toMatch(/no credentials were given for api_key/);
    // Only the request without credentials (the 401 probe) was sent.
    expect(server.seen.every((r) => r.headers.authorization === undefined)).toBe(true);
  });

  it('V1: with the API key the operation is tested as usual', async () => {
    const server = await keyServer();
    const report = await runContractTests({
      description: await file(),
      server: server.url,
      auth: { headers: ['api_key: special-key'] },
      phases: 'examples',
      dredd: false,
    });
    expect(report.findings.filter((f) => f.ruleId === 'contract-credentials-missing')).toEqual([]);
    expect(report.operations?.[0].notTested).toBeUndefined();
  });

  it('V4: without credentials the message counts the requests sent without them', async () => {
    const server = await keyServer();
    const report = await runContractTests({
      description: await file(),
      server: server.url,
      phases: 'examples',
      dredd: false,
    });
    const missing = report.findings.find((f) => f.ruleId === 'contract-credentials-missing');
    expect(missing?.message).toMatch(/1 request without credentials was sent to 1 of them, checking only the 401/);
    expect(server.seen).toHaveLength(1);
  });

  it('V4: a secured operation without an example is still asked once without credentials; a 200 is contract-auth-required', async () => {
    // The glue petstore example registers no securityHandlers: GET /pet/1 answers 200 without its key.
    const server = await keyServer(false);
    const noExample = structuredClone(DESCRIPTION);
    delete (noExample.paths['/pets/{id}'].get.parameters[0] as { example?: number }).example;
    const report = await runContractTests({
      description: await file(noExample),
      server: server.url,
      phases: 'examples,coverage',
      dredd: false,
      seed: 1,
    });
    expect(server.seen).toHaveLength(1);
    expect(server.seen[0].headers.api_key).toBeUndefined();
    const missing = report.findings.find((f) => f.ruleId === 'contract-credentials-missing');
    expect(missing?.message).toMatch(/1 request without credentials was sent to 1 of them, checking only the 401/);
    const auth = everything(report).find((f) => f.ruleId === 'contract-auth-required');
    expect(auth?.message).toMatch(/answered 200 without credentials/);
    expect(report.coverage?.operations[0].requests.coverage).toBe(1);
    expect(report.coverage?.operations[0].skipped).toMatch(/only a request without credentials was sent/);
  });
});

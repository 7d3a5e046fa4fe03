/**
 * Safety of the contract runner over real HTTP: redirects to another origin are refused, the
 * time limit holds, a server that is down is one finding, the concurrency cap holds, and
 * credentials never reach a report.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContractDescription } from '../../src/contract/description.js';
import { runContractTests } from '../../src/contract/index.js';
import { planRequests } from '../../src/contract/plan.js';
import { closedPort, EXAMPLE_THING, startRecorder, startThingsServer, THINGS_DESCRIPTION, THINGS_TOKEN, type TestServer } from './fixtures/servers.js';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function things(options: Parameters<typeof startThingsServer>[0] = {}): Promise<TestServer> {
  const server = await startThingsServer(options);
  servers.push(server);
  return server;
}

describe('contract runs against the things fixture', () => {
  it('pass against a conforming server, sending the bearer token and X-Road-Client', async () => {
    const server = await things();
    const report = await runContractTests({ description: THINGS_DESCRIPTION, server: server.url, auth: { bearer: THINGS_TOKEN, xroadClient: 'IS-DEV/GOV/10000/vottur' }, dredd: false });
    expect(report.findings).toEqual([]);
    const positive = server.requests.find((r) => r.url === `/v1/things/${EXAMPLE_THING}` && r.headers.authorization);
    expect(positive?.headers['x-road-client']).toBe('IS-DEV/GOV/10000/vottur');
    expect(positive?.headers['user-agent']).toMatch(/^vottur\//);
    // The probe without credentials still identifies the caller on the exchange layer.
    const anonymous = server.requests.find((r) => r.url === `/v1/things/${EXAMPLE_THING}` && !r.headers.authorization);
    expect(anonymous?.headers['x-road-client']).toBe('IS-DEV/GOV/10000/vottur');
    // The POST was sent with the example body.
    expect(server.requests.some((r) => r.method === 'POST' && r.url === '/v1/things')).toBe(true);
    // A not-found uuid and a malformed one were tried.
    expect(server.requests.some((r) => r.url === '/v1/things/00000000-0000-4000-8000-000000000000')).toBe(true);
    expect(server.requests.some((r) => r.url === '/v1/things/not-a-uuid')).toBe(true);
    expect(JSON.stringify(report)).not.toContain(THINGS_TOKEN);
  });

  it('refuse a redirect to another origin, and never contact it', async () => {
    const elsewhere = await startRecorder();
    servers.push(elsewhere);
    const server = await things({ redirectTo: `${elsewhere.url}/stolen` });
    const report = await runContractTests({ description: THINGS_DESCRIPTION, server: server.url, auth: { bearer: THINGS_TOKEN }, dredd: true });
    expect(elsewhere.requests).toEqual([]);
    const refused = report.findings.filter((f) => f.ruleId === 'contract-redirect');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.message).toContain(elsewhere.url);
    expect(refused[0]!.severity).toBe('error');
    expect(report.findings.some((f) => f.ruleId === 'contract-status-documented' && /answered 302/.test(f.message))).toBe(true);
  });

  it('follow a redirect on the same origin', async () => {
    const server = await things({ redirectTo: `/moved/${EXAMPLE_THING}` });
    const report = await runContractTests({ description: THINGS_DESCRIPTION, server: server.url, auth: { bearer: THINGS_TOKEN }, dredd: false });
    expect(report.findings.filter((f) => f.operationId === 'getThing' && f.ruleId === 'contract-example-succeeds')).toEqual([]);
    expect(server.requests.some((r) => r.url === `/moved/${EXAMPLE_THING}`)).toBe(true);
  });

  it('give up on a slow server at the time limit', async () => {
    const server = await things({ delayMs: 3000 });
    const started = Date.now();
    const report = await runContractTests({ description: THINGS_DESCRIPTION, server: server.url, auth: { bearer: THINGS_TOKEN }, timeoutMs: 300, concurrency: 10 });
    expect(Date.now() - started).toBeLessThan(2500);
    const timeouts = report.findings.filter((f) => f.ruleId === 'contract-timeout');
    expect(timeouts.length).toBe(report.findings.length);
    expect(timeouts[0]!.message).toMatch(/no complete answer within 300 ms/);
  });

  it('report a server that is down as one contract-unreachable finding', async () => {
    const port = await closedPort();
    const notes: string[] = [];
    const report = await runContractTests({ description: THINGS_DESCRIPTION, server: `http://127.0.0.1:${port}`, auth: { bearer: THINGS_TOKEN }, onProgress: (m) => notes.push(m) });
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]).toMatchObject({ ruleId: 'contract-unreachable', severity: 'error', source: 'response' });
    expect(report.findings[0]!.message).toMatch(/cannot reach the server at http:\/\/127\.0\.0\.1:\d+\/: connection refused \(ECONNREFUSED\)/);
    expect(notes.join('\n')).toMatch(/dredd: not run/);
  });

  it('keep to the concurrency cap', async () => {
    const server = await things({ delayMs: 50 });
    await runContractTests({ description: THINGS_DESCRIPTION, server: server.url, auth: { bearer: THINGS_TOKEN }, concurrency: 2, dredd: false });
    expect(server.requests.length).toBeGreaterThan(4);
    expect(server.maxInFlight).toBeLessThanOrEqual(2);
  });

  it('keep the path of a server base URL', async () => {
    const server = await things();
    const report = await runContractTests({ description: THINGS_DESCRIPTION, server: `${server.url}/base/`, auth: { bearer: THINGS_TOKEN }, dredd: false });
    expect(server.requests.every((r) => r.url.startsWith('/base/v1/'))).toBe(true);
    expect(report.findings.some((f) => f.ruleId === 'contract-status-documented' && /answered 404/.test(f.message))).toBe(true);
  });

  it('refuse a server URL with credentials or a query, and an unknown scheme, in one line', async () => {
    await expect(runContractTests({ description: THINGS_DESCRIPTION, server: 'http://user:pw@127.0.0.1:1' })).rejects.toThrow(/must not carry credentials/);
    await expect(runContractTests({ description: THINGS_DESCRIPTION, server: 'http://127.0.0.1:1/?a=b' })).rejects.toThrow(/without a query string/);
    await expect(runContractTests({ description: THINGS_DESCRIPTION, server: 'ftp://127.0.0.1' })).rejects.toThrow(/http or https/);
    await expect(runContractTests({ description: THINGS_DESCRIPTION, server: 'not a url' })).rejects.toThrow(/is not a URL/);
  });
});

describe("the description's patterns in the request planner", () => {
  it('are matched in linear time: a pattern catastrophic for backtracking does not stall planning', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'vottur-plan-redos-'));
    try {
      const withPattern = (pattern: string) => `openapi: 3.0.3
info: { title: t, version: 1.0.0 }
paths:
  /v1/codes/{code}:
    get:
      parameters:
        - { name: code, in: path, required: true, schema: { type: string, pattern: '${pattern}' }, example: abcX }
      responses:
        '200': { description: ok }
        '204': { description: none }
`;
      // With JavaScript's RegExp, this pattern on the 23-character not-found value takes hours (11 s at 18 characters).
      await writeFile(join(folder, 'redos.yaml'), withPattern('^(([a-z-]+)+)+X$'));
      const hostile = planRequests(await loadContractDescription(join(folder, 'redos.yaml')));
      expect(hostile.requests.some((r) => r.kind === 'notFound')).toBe(false);
      expect(hostile.findings.map((f) => f.message)).toEqual([expect.stringMatching(/cannot derive an identifier of the right form that does not exist for the path parameter code/)]);
      await writeFile(join(folder, 'plain.yaml'), withPattern('^[a-zX-]+$'));
      const plain = planRequests(await loadContractDescription(join(folder, 'plain.yaml')));
      expect(plain.requests.find((r) => r.kind === 'notFound')?.pathname).toBe('/v1/codes/vottur-no-such-resource');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

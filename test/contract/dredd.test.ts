/**
 * The Dredd run behind src/contract/dredd/: its transactions for non-2xx responses send real
 * probes (set by the hooks), a wrong server makes contract-dredd fire and a correct one does not,
 * and Dredd prints nothing.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { everything } from './evidence.js';
import { parse as parseYaml } from 'yaml';
import { dreddCopy } from '../../src/contract/dredd/copy.js';
import { prepareTransaction, type SentRequest } from '../../src/contract/dredd/index.js';
import { runDredd, type DreddTransactionInfo } from '../../src/contract/dredd/run.js';
import type { ContractDescription } from '../../src/contract/description.js';
import { runContractTests } from '../../src/contract/index.js';
import { planRequests } from '../../src/contract/plan.js';
import { startHostileServer, type HostileServer } from './fixtures/hostile.js';
import {
  EXAMPLE_THING,
  startThingsServer,
  THINGS_DESCRIPTION,
  THINGS_TOKEN,
  type TestServer,
} from './fixtures/servers.js';
import { answered, describeYaml, USERS } from './probes/helpers.js';
import { objectAt, valueAt } from '../values.js';

const servers: TestServer[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function things(options: Parameters<typeof startThingsServer>[0] = {}): Promise<TestServer> {
  const server = await startThingsServer(options);
  servers.push(server);
  return server;
}

const isDredd = (request: TestServer['requests'][number]) => String(request.headers['user-agent']).startsWith('Dredd/');

describe('the Dredd run', () => {
  it('passes against a correct server, with each transaction sending the probe for its status, silently', async () => {
    const server = await things();
    const stdout = vi.spyOn(process.stdout, 'write');
    const stderr = vi.spyOn(process.stderr, 'write');
    const notes: string[] = [];
    const report = await runContractTests({
      allowUnsafeMethods: true, // the replay of every transaction, POST included
      phases: 'examples', // the generated POSTs would find what the fixture does not check
      description: THINGS_DESCRIPTION,
      server: server.url,
      auth: { bearer: THINGS_TOKEN },
      onProgress: (m) => notes.push(m),
    });
    expect(stdout).not.toHaveBeenCalled();
    expect(stderr).not.toHaveBeenCalled();
    expect(report.findings).toEqual([]);
    expect(report.rules.map((r) => r.id)).toContain('contract-dredd');
    const dredd = server.requests.filter(isDredd);
    // getThing: 200, 204, 400, 401; createThing: 201, 401.
    expect(dredd).toHaveLength(6);
    const get = dredd.filter((r) => r.method === 'GET');
    expect(
      get.find((r) => r.url === `/v1/things/${EXAMPLE_THING}` && r.headers.authorization === `Bearer ${THINGS_TOKEN}`),
    ).toBeDefined();
    expect(get.find((r) => r.url === '/v1/things/00000000-0000-4000-8000-000000000000')).toBeDefined();
    expect(get.find((r) => r.url === '/v1/things/not-a-uuid')).toBeDefined();
    expect(
      get.find((r) => r.url === `/v1/things/${EXAMPLE_THING}` && r.headers.authorization === undefined),
    ).toBeDefined();
    const posts = dredd.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.headers.authorization ?? 'none').sort()).toEqual([`Bearer ${THINGS_TOKEN}`, 'none']);
    expect(notes.join('\n')).toMatch(/dredd: 6 transactions, 6 passed, 0 failed, 0 errors, 0 skipped/);
  });

  it('fires contract-dredd against a wrong server, naming the transaction', async () => {
    const server = await things({ noAuth: true });
    const report = await runContractTests({
      allowUnsafeMethods: true, // the replay of every transaction, POST included
      description: THINGS_DESCRIPTION,
      server: server.url,
      auth: { bearer: THINGS_TOKEN },
    });
    const dredd = everything(report).filter((f) => f.ruleId === 'contract-dredd');
    expect(dredd.length).toBe(2);
    const get = dredd.find((f) => f.operationId === 'getThing')!;
    expect(get).toMatchObject({ severity: 'error', operation: 'GET /v1/things/{thingId}' });
    expect(get.message).toMatch(
      /^Dredd transaction "\/v1\/things\/\{thingId\} > Get a thing > 401 > application\/problem\+json" failed: .*Expected status code '401', but got '200'/,
    );
    expect(get.pointer).toBe('/paths/~1v1~1things~1{thingId}/get/responses/401');
    expect(get.request).toMatchObject({ method: 'GET', status: 200 });
    // Our own probe caught the same deviation.
    expect(everything(report).some((f) => f.ruleId === 'contract-auth-required')).toBe(true);
  });

  it('skips the 200 transaction, and says why, when the example does not exist on the server', async () => {
    const server = await things({ known: [] });
    const notes: string[] = [];
    const report = await runContractTests({
      allowUnsafeMethods: true, // the replay of every transaction, POST included
      phases: 'examples', // the generated POSTs would find what the fixture does not check
      description: THINGS_DESCRIPTION,
      server: server.url,
      auth: { bearer: THINGS_TOKEN },
      onProgress: (m) => notes.push(m),
    });
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]).toMatchObject({
      ruleId: 'contract-example-succeeds',
      severity: 'info',
      operationId: 'getThing',
    });
    expect(report.findings[0].message).toMatch(
      /answered 204: the example does not exist on this server, so the 200 body was not checked; give values that exist in --data under getThing\.positive/,
    );
    expect(notes.join('\n')).toMatch(
      /dredd: skipped 1 \(GET \/v1\/things\/\{thingId\} 200 application\/json\): the example answered 204/,
    );
  });

  it('leaves body checks to ajv but accepts a charset parameter on Content-Type', async () => {
    // The fixture server sends `application/json; charset=utf-8`; Dredd alone would reject it.
    const server = await things();
    const report = await runContractTests({
      allowUnsafeMethods: true, // the replay of every transaction, POST included
      description: THINGS_DESCRIPTION,
      server: server.url,
      auth: { bearer: THINGS_TOKEN },
      concurrency: 1,
    });
    expect(everything(report).filter((f) => f.ruleId === 'contract-dredd')).toEqual([]);
  });

  it('reports a description Dredd cannot read as an info finding; the other checks still run', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'vottur-dredd-test-'));
    try {
      const document = parseYaml(await readFile(THINGS_DESCRIPTION, 'utf8')) as Record<string, unknown>;
      // Valid enough for vottur's own checks, but Dredd's parser insists on `info`.
      delete document.info;
      const file = join(folder, 'things-without-info.json');
      await writeFile(file, JSON.stringify(document));
      const server = await things();
      const report = await runContractTests({ description: file, server: server.url, auth: { bearer: THINGS_TOKEN } });
      // Besides the POST held back without --allow-unsafe-methods (contract-operation-untested, a warning).
      const findings = report.findings.filter((f) => f.ruleId !== 'contract-operation-untested');
      expect(findings).toHaveLength(1);
      expect(findings[0]).toMatchObject({ ruleId: 'contract-dredd', severity: 'info' });
      expect(findings[0].message).toMatch(
        /Dredd could not run on this description.*'OpenAPI Object' is missing required property 'info'/,
      );
      expect(findings[0].message).not.toContain(tmpdir());
      expect(report.rules.map((r) => r.id)).toContain('contract-schema');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('gives a description run again the same transactions, and a changed description its own (parses kept by text)', async () => {
    const server = await things();
    const document = parseYaml(await readFile(THINGS_DESCRIPTION, 'utf8')) as Record<string, unknown>;
    const transactions = async (described: Record<string, unknown>) =>
      (
        await runDredd({
          document: described,
          server: server.url,
          timeoutMs: 5000,
          prepare: () => ({ skip: 'not in this test' }),
          checkBody: () => false,
        })
      ).results.map((r) => `${r.info.method} ${r.info.pathTemplate} ${r.info.status} ${r.outcome}`);
    const first = await transactions(document);
    // getThing: 200, 204, 400, 401; createThing: 201, 401.
    expect(first).toHaveLength(6);
    expect(await transactions(document)).toEqual(first);
    const withoutCreate = structuredClone(document);
    delete (withoutCreate.paths as Record<string, unknown>)['/v1/things'];
    expect(await transactions(withoutCreate)).toEqual(first.filter((t) => !t.startsWith('POST ')));
    expect(await transactions(document)).toEqual(first);
    expect(server.requests).toEqual([]);
  });

  it('feeds Dredd a copy with parameter examples and exact status keys only', () => {
    const document = {
      openapi: '3.0.3',
      paths: {
        '/a/{id}': {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          get: {
            parameters: [{ name: 'q', in: 'query', schema: { type: 'string' }, examples: { one: { value: 'x' } } }],
            responses: { '200': { description: 'ok' }, '4XX': { description: 'no' }, default: { description: 'no' } },
          },
        },
      },
    };
    const copy = dreddCopy(document);
    const path = ['paths', '/a/{id}'];
    expect(valueAt(copy, [...path, 'parameters', 0, 'example'])).toBe(1);
    expect(valueAt(copy, [...path, 'get', 'parameters', 0])).toMatchObject({ example: 'x' });
    expect(valueAt(copy, [...path, 'get', 'parameters', 0, 'examples'])).toBeUndefined();
    expect(Object.keys(objectAt(copy, [...path, 'get', 'responses']))).toEqual(['200']);
    // The original is untouched.
    expect(document.paths['/a/{id}'].get.responses).toHaveProperty('default');
  });
});

describe("Dredd's requests are held to vottur's limits", () => {
  const hostileServers: HostileServer[] = [];
  afterEach(async () => {
    await Promise.all(hostileServers.splice(0).map((server) => server.close()));
  });
  async function hostile(kind: Parameters<typeof startHostileServer>[0]): Promise<HostileServer> {
    const server = await startHostileServer(kind);
    hostileServers.push(server);
    return server;
  }
  const dreddErrors = (report: Awaited<ReturnType<typeof runContractTests>>) =>
    everything(report)
      .filter((f) => f.ruleId === 'contract-dredd')
      .map((f) => f.message);

  it('read no more than 5 MB of a 1 GB answer, and say the limit', async () => {
    const server = await hostile('huge');
    const report = await runContractTests({
      allowUnsafeMethods: true, // the replay of every transaction, POST included
      description: THINGS_DESCRIPTION,
      server: server.url,
      auth: { bearer: THINGS_TOKEN },
      timeoutMs: 10_000,
    });
    const messages = dreddErrors(report);
    expect(messages).toHaveLength(6);
    for (const message of messages)
      expect(message).toMatch(
        /^Dredd transaction ".*" could not run: the answer was larger than the 5 MB limit \(vottur reads no more of an answer than that\)$/,
      );
    // Six answers of 5 MB each at most, plus what sat in socket buffers: nowhere near 1 GB.
    expect(server.bytesSent).toBeLessThan(6 * 16 * 1024 * 1024);
  });

  it('give up on a body trickled a byte at a time at --timeout, for the whole answer', async () => {
    const server = await hostile('trickle');
    const report = await runContractTests({
      allowUnsafeMethods: true, // the replay of every transaction, POST included
      description: THINGS_DESCRIPTION,
      server: server.url,
      auth: { bearer: THINGS_TOKEN },
      timeoutMs: 500,
    });
    const messages = dreddErrors(report);
    expect(messages).toHaveLength(6);
    for (const message of messages) expect(message).toMatch(/could not run: no complete answer within 500 ms$/);
  });

  it('send the requests of hanging transactions side by side, within --concurrency', async () => {
    const server = await hostile('hang');
    const report = await runContractTests({
      allowUnsafeMethods: true, // the replay of every transaction, POST included
      description: THINGS_DESCRIPTION,
      server: server.url,
      auth: { bearer: THINGS_TOKEN },
      timeoutMs: 1000,
      concurrency: 2,
    });
    expect(dreddErrors(report)).toHaveLength(6);
    for (const message of dreddErrors(report))
      expect(message).toMatch(/could not run: no complete answer within 1000 ms$/);
    expect(server.dreddRequests).toBe(6);
    // The requests come in pairs, a time limit apart: two side by side (one after another, Dredd's
    // own way, would put the second a time limit after the first), and never a third before one
    // of them has been given up on.
    const [first, second, third] = server.dreddArrivals as [number, number, number];
    expect(second - first).toBeLessThan(500);
    expect(third - first).toBeGreaterThan(900);
  });

  it("end the replay by what is left of the run's time budget (--max-run-time), not Dredd's own deadline", async () => {
    // Dredd's own deadline under --timeout 20000 is 120 s; the run's budget is 6 s. Its requests
    // hang: only a deadline taken from the budget's remainder ends the replay before the budget does.
    const server = await hostile('hang');
    const started = performance.now();
    const report = await runContractTests({
      description: THINGS_DESCRIPTION,
      server: server.url,
      auth: { bearer: THINGS_TOKEN },
      phases: 'examples',
      timeoutMs: 20_000,
      concurrency: 1,
      maxRunSeconds: 6,
    });
    const elapsed = performance.now() - started;
    const messages = dreddErrors(report);
    expect(messages.length).toBeGreaterThan(0);
    const deadlines = messages.map((m) => Number(/the Dredd replay's deadline of (\d+) ms passed/.exec(m)?.[1]));
    // Every transaction ended at the replay's deadline, which is at most what the budget had left.
    for (const deadline of deadlines) {
      expect(deadline).toBeGreaterThan(0);
      expect(deadline).toBeLessThanOrEqual(6_000);
    }
    expect(server.dreddRequests).toBeGreaterThan(0);
    // Dredd's wind-down (5 s) at most after the budget: nowhere near the 120 s of its own deadline.
    expect(elapsed).toBeLessThan(6_000 + 5_000 + 4_000);
  }, 30_000);

  it('stop the whole replay at its deadline: nothing more is sent, each transaction says why', async () => {
    const server = await hostile('hang');
    const document = parseYaml(await readFile(THINGS_DESCRIPTION, 'utf8')) as Record<string, unknown>;
    const run = await runDredd({
      document,
      server: server.url,
      timeoutMs: 20_000,
      concurrency: 1,
      // Long enough for Dredd to compile the description and send the first request on a loaded
      // machine (at 400 ms, a load of 10 left none sent); the first request hangs past it.
      deadlineMs: 2000,
      prepare: (info) =>
        info.method === 'GET'
          ? { pathAndQuery: `/v1/things/${EXAMPLE_THING}`, headers: { Authorization: `Bearer ${THINGS_TOKEN}` } }
          : { skip: 'not in this test' },
      checkBody: () => false,
    });
    expect(run.failure).toBeUndefined();
    const errors = run.results.filter((r) => r.outcome === 'error');
    expect(errors).toHaveLength(4);
    for (const result of errors)
      expect(result.message).toBe("not completed: the Dredd replay's deadline of 2000 ms passed");
    // Only the first request was under way when the deadline passed.
    expect(server.dreddRequests).toBe(1);
  });
});

describe("which planned request each of Dredd's transactions gets", () => {
  const transaction = (method: string, pathTemplate: string, status: number): DreddTransactionInfo => ({
    name: `${pathTemplate} > ${status}`,
    method,
    pathTemplate,
    status,
  });
  /** Every planned request, answered with the status given per probe (200 by default). */
  const sentAll = (description: ContractDescription, answers: Partial<Record<string, number>> = {}): SentRequest[] =>
    planRequests(description).requests.map((planned) => ({ planned, outcome: answered(answers[planned.kind] ?? 200) }));
  const credentials = (planned: SentRequest['planned']) => ({ Authorization: `Bearer ${planned.credentials}` });

  it("gives each status its probe's request, with that probe's credentials, and skips the rest saying why", async () => {
    const description = await describeYaml(USERS);
    const sent = sentAll(description);
    const prepare = (method: string, path: string, status: number) =>
      prepareTransaction(description, sent, credentials, transaction(method, path, status));
    expect(prepare('GET', '/v1/users/{nationalId}', 200)).toEqual({
      pathAndQuery: '/v1/users/0101302989?toNationalId=1403552329&code=abc',
      headers: { Authorization: 'Bearer full' },
    });
    expect(prepare('GET', '/v1/users/{nationalId}', 204)).toMatchObject({
      pathAndQuery: expect.stringMatching(/^\/v1\/users\/\d{10}\?/),
      headers: { Authorization: 'Bearer full' },
    });
    expect(prepare('GET', '/v1/users/{nationalId}', 404)).toEqual(prepare('GET', '/v1/users/{nationalId}', 204));
    expect(prepare('GET', '/v1/users/{nationalId}', 400)).toMatchObject({
      pathAndQuery: '/v1/users/not-a-national-id?toNationalId=1403552329&code=abc',
    });
    expect(prepare('GET', '/v1/users/{nationalId}', 401)).toMatchObject({
      pathAndQuery: '/v1/users/0101302989?toNationalId=1403552329&code=abc',
      headers: { Authorization: 'Bearer none' },
    });
    expect(prepare('GET', '/v1/users/{nationalId}', 403)).toMatchObject({
      headers: { Authorization: 'Bearer noScope' },
    });
    expect(prepare('GET', '/v1/users/{nationalId}', 500)).toEqual({ skip: 'a 500 cannot be caused on purpose' });
    expect(prepare('GET', '/v1/users/{nationalId}', 422)).toEqual({ skip: 'vottur has no request that causes 422' });
    expect(prepare('POST', '/v1/users/{nationalId}', 404)).toEqual({
      skip: 'no identifier that does not exist could be derived',
    });
    expect(prepare('GET', '/v1/public/{id}', 401)).toEqual({
      skip: 'the operation declares no security, so nothing can cause a 401',
    });
    expect(prepare('GET', '/v1/bearer', 403)).toEqual({
      skip: 'the operation declares no scope, so vottur cannot cause a 403',
    });
    expect(prepare('GET', '/v1/nowhere', 200)).toEqual({
      skip: 'vottur cannot match it to an operation of the description',
    });
    // Accept is Dredd's to set (the transaction's media type): the planned request's is dropped.
    expect(sent.find((e) => e.planned.kind === 'positive')?.planned.headers).toHaveProperty('Accept');
  });

  it('skips every transaction of an operation whose request from the examples was not sent', async () => {
    const description = await describeYaml(USERS);
    const sent = sentAll(description).filter(
      (e) => !(e.planned.op.operationId === 'getUser' && e.planned.kind === 'positive'),
    );
    for (const status of [200, 400, 401]) {
      expect(
        prepareTransaction(description, sent, credentials, transaction('GET', '/v1/users/{nationalId}', status)),
      ).toEqual({ skip: 'no request could be built for GET /v1/users/{nationalId} (see contract-missing-example)' });
    }
    // Held back for want of credentials: the skip says so, not that no request could be built.
    const getUser = description.operations.find((op) => op.operationId === 'getUser')!;
    const heldBack = new Map([[getUser, 'no credentials were given']]);
    expect(
      prepareTransaction(description, sent, credentials, transaction('GET', '/v1/users/{nationalId}', 200), heldBack),
    ).toEqual({ skip: 'no credentials were given, so the requests of GET /v1/users/{nationalId} were not sent' });
  });

  it('skips a success transaction when the example answered 204: it does not exist on the server', async () => {
    const description = await describeYaml(USERS);
    const sent = sentAll(description, { positive: 204 });
    expect(
      prepareTransaction(description, sent, credentials, transaction('GET', '/v1/users/{nationalId}', 200)),
    ).toEqual({
      skip: 'the example answered 204 (it does not exist on this server); give one that does in --data under getUser.positive',
    });
    expect(
      prepareTransaction(description, sent, credentials, transaction('POST', '/v1/users/{nationalId}', 204)),
    ).toMatchObject({ pathAndQuery: '/v1/users/0101302989' });
  });
});

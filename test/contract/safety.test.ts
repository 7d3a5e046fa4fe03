/**
 * Safety of the contract runner over real HTTP: redirects to another origin are refused, the
 * time limit holds, a server that is down is one finding, the concurrency cap holds, and
 * credentials never reach a report.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { everything } from './evidence.js';
import { parse as parseYaml } from 'yaml';
import { loadContractDescription } from '../../src/contract/description.js';
import { runContractTests } from '../../src/contract/index.js';
import { planRequests } from '../../src/contract/plan.js';
import {
  closedPort,
  EXAMPLE_THING,
  startRecorder,
  startThingsServer,
  THINGS_DESCRIPTION,
  THINGS_TOKEN,
  type TestServer,
} from './fixtures/servers.js';
import { objectAt } from '../values.js';

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
    const report = await runContractTests({
      description: THINGS_DESCRIPTION,
      server: server.url,
      auth: { bearer: THINGS_TOKEN, xroadClient: 'IS-DEV/GOV/10000/vottur' },
      dredd: false,
    });
    // Only the POST held back without --allow-unsafe-methods, a warning (issue 34).
    expect(report.findings.map((f) => [f.ruleId, f.severity])).toEqual([['contract-operation-untested', 'warn']]);
    const positive = server.requests.find((r) => r.url === `/v1/things/${EXAMPLE_THING}` && r.headers.authorization);
    expect(positive?.headers['x-road-client']).toBe('IS-DEV/GOV/10000/vottur');
    expect(positive?.headers['user-agent']).toMatch(/^vottur\//);
    // The probe without credentials still identifies the caller on the exchange layer.
    const anonymous = server.requests.find((r) => r.url === `/v1/things/${EXAMPLE_THING}` && !r.headers.authorization);
    expect(anonymous?.headers['x-road-client']).toBe('IS-DEV/GOV/10000/vottur');
    // The POST is not sent without --allow-unsafe-methods (issue 36, V3).
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    // A not-found uuid and a malformed one were tried.
    expect(server.requests.some((r) => r.url === '/v1/things/00000000-0000-4000-8000-000000000000')).toBe(true);
    expect(server.requests.some((r) => r.url === '/v1/things/not-a-uuid')).toBe(true);
    expect(JSON.stringify(report)).not.toContain(THINGS_TOKEN);
  });

  it('refuse a redirect to another origin, and never contact it', async () => {
    const elsewhere = await startRecorder();
    servers.push(elsewhere);
    const server = await things({ redirectTo: `${elsewhere.url}/stolen` });
    const report = await runContractTests({
      description: THINGS_DESCRIPTION,
      server: server.url,
      auth: { bearer: THINGS_TOKEN },
      dredd: true,
    });
    expect(elsewhere.requests).toEqual([]);
    const refused = everything(report).filter((f) => f.ruleId === 'contract-redirect');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0].message).toContain(elsewhere.url);
    expect(refused[0].severity).toBe('error');
    expect(
      everything(report).some((f) => f.ruleId === 'contract-status-documented' && /answered 302/.test(f.message)),
    ).toBe(true);
  });

  it('follow a redirect on the same origin', async () => {
    const server = await things({ redirectTo: `/moved/${EXAMPLE_THING}` });
    const report = await runContractTests({
      description: THINGS_DESCRIPTION,
      server: server.url,
      auth: { bearer: THINGS_TOKEN },
      dredd: false,
    });
    expect(
      everything(report).filter((f) => f.operationId === 'getThing' && f.ruleId === 'contract-example-succeeds'),
    ).toEqual([]);
    expect(server.requests.some((r) => r.url === `/moved/${EXAMPLE_THING}`)).toBe(true);
  });

  it('give up on a slow server at the time limit', async () => {
    const server = await things({ delayMs: 3000 });
    const started = Date.now();
    const report = await runContractTests({
      description: THINGS_DESCRIPTION,
      server: server.url,
      auth: { bearer: THINGS_TOKEN },
      timeoutMs: 300,
      concurrency: 10,
    });
    expect(Date.now() - started).toBeLessThan(2500);
    const timeouts = everything(report).filter((f) => f.ruleId === 'contract-timeout');
    // Besides the POST held back without --allow-unsafe-methods (a contract-operation-untested warning).
    expect(
      report.findings
        .filter((f) => f.ruleId !== 'contract-operation-untested')
        .every((f) => f.ruleId === 'contract-timeout'),
    ).toBe(true);
    expect(timeouts[0].message).toMatch(/no complete answer within 300 ms/);
  });

  it('report a server that is down as one contract-unreachable finding', async () => {
    const port = await closedPort();
    const notes: string[] = [];
    const report = await runContractTests({
      description: THINGS_DESCRIPTION,
      server: `http://127.0.0.1:${port}`,
      auth: { bearer: THINGS_TOKEN },
      onProgress: (m) => notes.push(m),
    });
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]).toMatchObject({ ruleId: 'contract-unreachable', severity: 'error', source: 'response' });
    expect(report.findings[0].message).toMatch(
      /cannot reach the server at http:\/\/127\.0\.0\.1:\d+\/: connection refused \(ECONNREFUSED\)/,
    );
    expect(notes.join('\n')).toMatch(/dredd: not run/);
  });

  it('keep to the concurrency cap', async () => {
    const server = await things({ delayMs: 50 });
    await runContractTests({
      description: THINGS_DESCRIPTION,
      server: server.url,
      auth: { bearer: THINGS_TOKEN },
      concurrency: 2,
      dredd: false,
    });
    expect(server.requests.length).toBeGreaterThan(4);
    expect(server.maxInFlight).toBeLessThanOrEqual(2);
  });

  it('keep the path of a server base URL', async () => {
    const server = await things();
    const report = await runContractTests({
      description: THINGS_DESCRIPTION,
      server: `${server.url}/base/`,
      auth: { bearer: THINGS_TOKEN },
      dredd: false,
    });
    expect(server.requests.every((r) => r.url.startsWith('/base/v1/'))).toBe(true);
    expect(
      everything(report).some((f) => f.ruleId === 'contract-status-documented' && /answered 404/.test(f.message)),
    ).toBe(true);
  });

  it('refuse a server URL with credentials or a query, and an unknown scheme, in one line', async () => {
    await expect(
      runContractTests({ description: THINGS_DESCRIPTION, server: 'http://user:pw@127.0.0.1:1' }),
    ).rejects.toThrow(/must not carry credentials/);
    await expect(
      runContractTests({ description: THINGS_DESCRIPTION, server: 'http://127.0.0.1:1/?a=b' }),
    ).rejects.toThrow(/without a query string/);
    await expect(runContractTests({ description: THINGS_DESCRIPTION, server: 'ftp://127.0.0.1' })).rejects.toThrow(
      /http or https/,
    );
    await expect(runContractTests({ description: THINGS_DESCRIPTION, server: 'not a url' })).rejects.toThrow(
      /is not a URL/,
    );
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
      expect(hostile.findings.map((f) => f.message)).toEqual([
        expect.stringMatching(
          /cannot derive an identifier of the right form that does not exist for the path parameter code/,
        ),
      ]);
      await writeFile(join(folder, 'plain.yaml'), withPattern('^[a-zX-]+$'));
      const plain = planRequests(await loadContractDescription(join(folder, 'plain.yaml')));
      expect(plain.requests.find((r) => r.kind === 'notFound')?.pathname).toBe('/v1/codes/vottur-no-such-resource');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('hostile descriptions over real HTTP', () => {
  /** The things description, changed by `edit`, in a temporary folder; and a server that answers as the things fixture with `name`. */
  async function setUp(edit: (document: unknown) => void, name: string) {
    const folder = await mkdtemp(join(tmpdir(), 'vottur-hostile-description-'));
    const document: unknown = parseYaml(await readFile(THINGS_DESCRIPTION, 'utf8'));
    edit(document);
    const file = join(folder, 'things.json');
    await writeFile(file, JSON.stringify(document));
    const thing = { id: EXAMPLE_THING, name, createdTimestamp: '2024-01-01T00:00:00.000Z' };
    const server = createServer((request, response) => {
      request.resume();
      if (request.headers.authorization !== `Bearer ${THINGS_TOKEN}`) {
        response.writeHead(401, { 'content-type': 'application/problem+json' });
        response.end(JSON.stringify({ type: 'https://httpstatuses.org/401', title: 'Unauthorised', status: 401 }));
      } else if (request.method === 'POST') {
        response.writeHead(201, { 'content-type': 'application/json' });
        response.end(JSON.stringify(thing));
      } else if (request.url === `/v1/things/${EXAMPLE_THING}`) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(thing));
      } else if (request.url === '/v1/things/not-a-uuid') {
        response.writeHead(400, { 'content-type': 'application/problem+json' });
        response.end(JSON.stringify({ type: 'https://httpstatuses.org/400', title: 'Bad request', status: 400 }));
      } else {
        response.writeHead(204);
        response.end();
      }
    });
    await new Promise<void>((resolvePromise) => server.listen(0, '127.0.0.1', () => resolvePromise()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const close = async () => {
      server.closeAllConnections();
      await new Promise<void>((resolvePromise) => server.close(() => resolvePromise()));
      await rm(folder, { recursive: true, force: true });
    };
    return { file, url, close };
  }

  it('a ReDoS pattern on a 40-character value: checked at once, and reported as catastrophic', async () => {
    // `vottur test` took 42.6 s on 33 characters before patterns ran in linear time.
    const run = await setUp(
      (document) => (objectAt(document, ['components', 'schemas', 'Thing', 'properties', 'name']).pattern = '^(a+)+$'),
      `${'a'.repeat(40)}!`,
    );
    try {
      const report = await runContractTests({
        description: run.file,
        server: run.url,
        auth: { bearer: THINGS_TOKEN },
        timeoutMs: 2000,
        allowUnsafeMethods: true, // the POST's answer is checked too
      });
      expect(
        everything(report)
          .filter((f) => f.ruleId === 'contract-schema')
          .map((f) => f.message),
      ).toEqual([
        expect.stringMatching(
          /^GET \/v1\/things\/\S+ answered 200: `\/name` is `a+!`; expected it to match `\^\(a\+\)\+\$`$/,
        ),
        expect.stringMatching(/^POST \/v1\/things answered 201: `\/name` is `a+!`; expected it to match/),
      ]);
      const pattern = everything(report).filter((f) => f.ruleId === 'contract-pattern');
      expect(pattern).toHaveLength(1);
      expect(pattern[0]).toMatchObject({
        severity: 'warn',
        pointer: '/components/schemas/Thing/properties/name/pattern',
      });
      expect(report.rules.map((r) => r.id)).toContain('contract-pattern');
    } finally {
      await run.close();
    }
  });

  it('a body larger than the limit: said so, with the limit, not "not valid JSON"', async () => {
    const run = await setUp(() => undefined, 'x'.repeat(6 * 1024 * 1024));
    try {
      const report = await runContractTests({
        description: run.file,
        server: run.url,
        auth: { bearer: THINGS_TOKEN },
        timeoutMs: 5000,
        dredd: false,
      });
      const messages = everything(report)
        .filter((f) => f.ruleId === 'contract-schema')
        .map((f) => f.message);
      expect(messages.length).toBeGreaterThan(0);
      for (const message of messages)
        expect(message).toMatch(
          /answered 20[01] with a body larger than the 5 MB limit \(vottur reads no more of an answer than that\), so it was not checked against the schema$/,
        );
      expect(JSON.stringify(report.findings)).not.toMatch(/Unexpected end|not valid JSON/);
    } finally {
      await run.close();
    }
  });

  it('an allOf cycle: a finding naming the schema and the cycle, and the rest is still tested', async () => {
    const run = await setUp((document) => {
      const schemas = objectAt(document, ['components', 'schemas']);
      schemas.Thing = { allOf: [{ $ref: '#/components/schemas/Other' }] };
      schemas.Other = { allOf: [{ $ref: '#/components/schemas/Thing' }] };
    }, 'Lamp');
    try {
      const report = await runContractTests({
        description: run.file,
        server: run.url,
        auth: { bearer: THINGS_TOKEN },
        timeoutMs: 2000,
        allowUnsafeMethods: true, // the POST's answer is checked too
      });
      const schema = everything(report)
        .filter((f) => f.ruleId === 'contract-schema')
        .map((f) => f.message);
      expect(schema).toEqual([
        'the schema for GET /v1/things/{thingId} 200 application/json could not be compiled, so the body was not checked: it applies itself to the same value without end (#/components/schemas/Thing → #/components/schemas/Other → #/components/schemas/Thing); break the cycle',
        'the schema for POST /v1/things 201 application/json could not be compiled, so the body was not checked: it applies itself to the same value without end (#/components/schemas/Thing → #/components/schemas/Other → #/components/schemas/Thing); break the cycle',
      ]);
      // Everything else ran, Dredd included.
      expect(report.rules.map((r) => r.id)).toEqual(
        expect.arrayContaining(['contract-problem-details', 'contract-auth-required', 'contract-dredd']),
      );
    } finally {
      await run.close();
    }
  });
});

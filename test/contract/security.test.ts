/**
 * Security per scheme, over real HTTP: forged tokens only where a bearer token is taken, a wrong
 * key for an API key, wrong credentials for basic; alternatives and combinations honoured; the
 * WWW-Authenticate check cites the RFC of the scheme.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Credentials } from '../../src/contract/auth.js';
import { runContractTests } from '../../src/contract/index.js';
import { forgedCredentials } from '../../src/contract/security.js';
import { describeYaml, operation } from './probes/helpers.js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const KEY = 'the-right-api-key-1234';
const BASIC = `Basic ${Buffer.from('user:right-password').toString('base64')}`;

function description(schemes: string, security: string): string {
  return `openapi: 3.0.3
info: { title: Keys, version: 1.0.0 }
components:
  securitySchemes:
${schemes}
paths:
  /v1/items:
    get:
      operationId: listItems
      security: ${security}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { type: object, properties: { items: { type: array, items: { type: string } } } }
              example: { items: [a] }
        '401':
          description: no
          content:
            application/problem+json:
              schema: { type: object }
`;
}

const API_KEY_SCHEME = `    apiKey: { type: apiKey, in: header, name: X-Api-Key }`;
const BEARER_SCHEME = `    bearer: { type: http, scheme: bearer }`;
const BASIC_SCHEME = `    basic: { type: http, scheme: basic }`;

/** A server that authorises by `accept` and answers 401 Problem Details (without a challenge) otherwise. */
async function serve(accept: (request: IncomingMessage) => boolean): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    if (!accept(request)) {
      response.writeHead(401, { 'content-type': 'application/problem+json' });
      response.end(JSON.stringify({ type: 'about:blank', title: 'Unauthorized', status: 401 }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ items: ['a'] }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

let folder: string;
let running: Server | undefined;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'vottur-security-'));
  return () => rm(folder, { recursive: true, force: true });
});
afterEach(async () => {
  const server = running;
  running = undefined;
  if (!server) return;
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

async function check(yaml: string, accept: (request: IncomingMessage) => boolean, headers: string[]) {
  const file = join(folder, `api-${Math.random().toString(36).slice(2)}.yaml`);
  await writeFile(file, yaml);
  const { url, server } = await serve(accept);
  running = server;
  const report = await runContractTests({
    description: file,
    server: url,
    auth: { headers },
    dredd: false,
    phases: ['examples', 'coverage'],
    seed: 1,
  });
  return report.findings;
}

describe('an API-key operation', () => {
  const yaml = description(API_KEY_SCHEME, '[{ apiKey: [] }]');

  it('that checks its key and ignores Authorization: no forged-token finding, no RFC 6750', async () => {
    const findings = await check(yaml, (r) => r.headers['x-api-key'] === KEY, [`X-Api-Key: ${KEY}`]);
    expect(findings.filter((f) => f.ruleId === 'contract-ignored-auth')).toEqual([]);
    expect(findings.map((f) => f.message).join('\n')).not.toContain('RFC 6750');
  });

  it('that serves any key: the wrong key is reported, not a forged token', async () => {
    const findings = await check(yaml, (r) => r.headers['x-api-key'] !== undefined, [`X-Api-Key: ${KEY}`]);
    const ignored = findings.filter((f) => f.ruleId === 'contract-ignored-auth');
    expect(ignored.map((f) => f.message)).toEqual([
      expect.stringContaining('answered 200 to a wrong API key in the header parameter X-Api-Key'),
    ]);
    expect(ignored[0]?.message).not.toContain('token');
  });
});

describe('alternatives and combinations', () => {
  it('bearer or API key: a forged token is sent without the key, a wrong key without the token', async () => {
    const yaml = description(`${API_KEY_SCHEME}\n${BEARER_SCHEME}`, '[{ apiKey: [] }, { bearer: [] }]');
    const findings = await check(
      yaml,
      (r) => r.headers['x-api-key'] === KEY || r.headers.authorization === 'Bearer right-token-123456',
      [`X-Api-Key: ${KEY}`, 'Authorization: Bearer right-token-123456'],
    );
    expect(findings.filter((f) => f.ruleId === 'contract-ignored-auth')).toEqual([]);
  });

  it('bearer and API key together: each forged with the other as given', async () => {
    const description_ = await describeYaml(
      description(`${API_KEY_SCHEME}\n${BEARER_SCHEME}`, '[{ apiKey: [], bearer: [] }]'),
    );
    const cases = forgedCredentials(
      operation(description_, 'listItems').security,
      credentials({
        'X-Api-Key': KEY,
        Authorization: 'Bearer right',
        'X-Road-Client': 'IS/GOV/1/c',
      }),
    );
    const wrongKey = cases.find((c) => c.kind === 'apiKey');
    expect(wrongKey?.headers).toEqual({
      'X-Api-Key': 'vottur-wrong-key',
      Authorization: 'Bearer right',
      'X-Road-Client': 'IS/GOV/1/c',
    });
    for (const forged of cases.filter((c) => c.kind === 'bearer')) {
      expect(forged.headers['X-Api-Key']).toBe(KEY);
      expect(forged.headers.Authorization).not.toBe('Bearer right');
    }
  });

  it('basic: wrong credentials, and the 401 without a challenge cites RFC 7617', async () => {
    const yaml = description(BASIC_SCHEME, '[{ basic: [] }]');
    const findings = await check(yaml, (r) => r.headers.authorization === BASIC, [`Authorization: ${BASIC}`]);
    expect(findings.filter((f) => f.ruleId === 'contract-ignored-auth')).toEqual([]);
    const headers = findings.filter((f) => f.ruleId === 'contract-response-headers').map((f) => f.message);
    expect(headers.length).toBeGreaterThan(0);
    for (const message of headers) {
      expect(message).toContain('RFC 7617');
      expect(message).not.toContain('RFC 6750');
    }
  });
});

function credentials(full: Record<string, string>): Credentials {
  return { base: {}, full, secrets: [], hasCredentials: true };
}

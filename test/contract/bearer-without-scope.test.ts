/**
 * Issue 36 (H-A3): the 403 probe of an OAuth 2.0 operation, sent with a token the operator gives
 * (`--bearer-without-scope`) when vottur cannot obtain one (only `--bearer`). Real HTTP: a server
 * that serves the token without the scope (a defect: contract-auth-required), and one that
 * answers it 403 with Problem Details (no finding).
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { runContractTests } from '../../src/contract/index.js';
import { votturInProcess } from '../cli/run.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const DESCRIPTION = {
  openapi: '3.0.3',
  info: { title: 'pets', version: '1' },
  components: {
    securitySchemes: {
      petstore_auth: {
        type: 'oauth2',
        flows: { clientCredentials: { tokenUrl: 'https://example.com/token', scopes: { 'read:pets': 'read' } } },
      },
    },
  },
  paths: {
    '/pets/{id}': {
      get: {
        operationId: 'getPet',
        security: [{ petstore_auth: ['read:pets'] }],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' }, example: 1 }],
        responses: {
          '200': { description: 'a pet', content: { 'application/json': { schema: { type: 'object' } } } },
          '401': { description: 'no token' },
          '403': { description: 'no scope' },
        },
      },
    },
  },
};

/** Serves `good`; `limited` as `servesLimited` says; anything else 401. */
async function petServer(servesLimited: boolean): Promise<{ base: string; tokens: string[] }> {
  const tokens: string[] = [];
  const server = createServer((request, response) => {
    request.resume();
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    tokens.push(token);
    if (token === 'good' || (token === 'limited' && servesLimited)) {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end('{"id":1}');
    }
    const status = token === 'limited' ? 403 : 401;
    response.writeHead(status, {
      'content-type': 'application/problem+json',
      ...(status === 401 ? { 'www-authenticate': 'Bearer realm="pets"' } : {}),
    });
    response.end(JSON.stringify({ type: 'about:blank', title: status === 401 ? 'Unauthorized' : 'Forbidden', status }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, tokens };
}

async function descriptionFile(): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'vottur-no-scope-')), 'pets.json');
  await writeFile(file, JSON.stringify(DESCRIPTION));
  return file;
}

const allFindings = (findings: Awaited<ReturnType<typeof runContractTests>>['findings']) => [
  ...findings,
  ...findings.flatMap((f) => f.related ?? []),
];

it('sends the token without the scope and reports the server that serves it', async () => {
  const { base, tokens } = await petServer(true);
  const report = await runContractTests({
    description: await descriptionFile(),
    server: base,
    phases: 'examples',
    dredd: false,
    auth: { bearer: 'good', bearerWithoutScope: 'limited' },
  });
  expect(tokens).toContain('limited');
  const served = allFindings(report.findings).filter(
    (f) => f.ruleId === 'contract-auth-required' && (f.message ?? '').includes('403'),
  );
  expect(served).toHaveLength(1);
  // No token leaks into a message.
  expect(JSON.stringify(report.findings)).not.toContain('limited');
  expect(allFindings(report.findings).some((f) => f.ruleId === 'contract-probe-skipped')).toBe(false);
});

it('a 403 with Problem Details to the token without the scope is right', async () => {
  const { base, tokens } = await petServer(false);
  const report = await runContractTests({
    description: await descriptionFile(),
    server: base,
    phases: 'examples',
    dredd: false,
    auth: { bearer: 'good', bearerWithoutScope: 'limited' },
  });
  expect(tokens).toContain('limited');
  expect(allFindings(report.findings).filter((f) => f.ruleId === 'contract-auth-required')).toEqual([]);
});

it('--bearer-without-scope alone is one line and exit 2', async () => {
  const result = await votturInProcess([
    'test',
    await descriptionFile(),
    '--server',
    'http://127.0.0.1:9',
    '--bearer-without-scope',
    'x',
  ]);
  expect(result.code).toBe(2);
  expect(result.stderr.trim()).toMatch(/^[^\n]*--bearer-without-scope needs --bearer or --token-url[^\n]*$/);
});

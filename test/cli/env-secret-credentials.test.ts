/**
 * A client secret read from VOTTUR_CLIENT_SECRET is a credential like one given with
 * `--client-secret` (attack o34r10 B1, B3): the token it obtains went to a server the repository's
 * configuration chose and the policy did not list under `hosts.credentials`, and over plain HTTP
 * to another machine, from `test` and from `attest` (which signed the record), where the same run
 * with `--client-secret` was refused. Over real HTTP, in-process: the token endpoint and the
 * server count what reached them.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { votturInProcess } from './run.js';
import type { Report } from '../../src/report/finding.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-env-secret-'));
mkdirSync(join(dir, '.git'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(
  join(dir, 'api.yaml'),
  [
    'openapi: 3.0.3',
    'info: { title: Secrets, version: 1.0.0 }',
    'paths:',
    '  /v1/things:',
    '    get:',
    '      responses:',
    "        '200':",
    '          description: ok',
    '          content:',
    '            application/json:',
    '              schema: { type: object }',
    '              example: {}',
    '',
  ].join('\n'),
);

const seen = { token: 0, authorised: 0 };
let tokenServer: Server;
let apiServer: Server;
let tokenUrl: string;
let apiUrl: string;
const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};
beforeAll(async () => {
  tokenServer = createServer((_request, response) => {
    seen.token++;
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end('{"access_token":"OPERATOR-ACCESS-TOKEN","token_type":"Bearer","expires_in":300}');
  });
  apiServer = createServer((request, response) => {
    if (request.headers.authorization) seen.authorised++;
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  // The operator names the token endpoint by one name of this machine, the repository the server by another.
  tokenUrl = `http://localhost:${await listen(tokenServer)}/token`;
  apiUrl = `http://127.0.0.1:${await listen(apiServer)}/`;
});
afterAll(async () => {
  await new Promise((resolve) => tokenServer.close(resolve));
  await new Promise((resolve) => apiServer.close(resolve));
});

const env = { VOTTUR_CLIENT_SECRET: 'operator-secret' };
const common = ['--phases', 'examples', '--no-dredd', '--quiet'];

describe('a client secret from VOTTUR_CLIENT_SECRET', () => {
  it('goes to no server the configuration chose that the policy lists for requests but not for credentials', async () => {
    writeFileSync(join(dir, 'vottur.config.yaml'), `contract:\n  server: ${apiUrl}\n`);
    writeFileSync(join(dir, 'policy.yaml'), 'hosts:\n  servers: [127.0.0.1]\n');
    const before = { ...seen };
    const result = await votturInProcess(
      ['test', 'api.yaml', '--policy', 'policy.yaml', '--token-url', tokenUrl, '--client-id', 'op', ...common],
      { cwd: dir, env },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /the credentials of this run would go to http:\/\/127\.0\.0\.1:\d+\/ \(contract\.server in vottur\.config\.yaml\), a host the policy \(policy\.yaml\) does not list under hosts\.credentials/,
    );
    expect(seen).toEqual(before);
  });

  it("is recorded as the operator's, and a saved report of the run stands under report --gate", async () => {
    writeFileSync(join(dir, 'vottur.config.yaml'), '{}\n');
    const result = await votturInProcess(
      [
        'test',
        'api.yaml',
        '--server',
        apiUrl,
        '--token-url',
        tokenUrl,
        '--client-id',
        'op',
        ...common,
        '-f',
        'json',
        '-o',
        'saved.json',
      ],
      { cwd: dir, env },
    );
    expect(result.code, result.stderr).not.toBe(2);
    const saved = JSON.parse(readFileSync(join(dir, 'saved.json'), 'utf8')) as Report;
    expect(saved.configuration?.connections?.[0]?.credentials).toEqual([{ kind: 'client secret', from: 'operator' }]);
    const judged = await votturInProcess(['report', 'saved.json', '--gate', '-f', 'json'], { cwd: dir });
    expect(
      (JSON.parse(judged.stdout) as Report).findings.filter((finding) => finding.ruleId.startsWith('policy-')),
    ).toEqual([]);
  });

  it("goes to no such server when the token endpoint is the configuration's too (attack o34r11 A2)", async () => {
    writeFileSync(
      join(dir, 'vottur.config.yaml'),
      `contract:\n  server: ${apiUrl}\n  tokenUrl: ${tokenUrl}\n  clientId: op\n`,
    );
    writeFileSync(
      join(dir, 'policy.yaml'),
      `hosts:\n  servers: [127.0.0.1]\n  tokenUrls: [${tokenUrl}]\ncontract:\n  settings: [clientId]\n`,
    );
    const before = { ...seen };
    const result = await votturInProcess(['test', 'api.yaml', '--policy', 'policy.yaml', ...common], { cwd: dir, env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/the credentials of this run would go to .* does not list under hosts\.credentials/);
    expect(seen).toEqual(before);
  });

  it('goes over plain HTTP to no other machine, from test or attest', async () => {
    writeFileSync(join(dir, 'vottur.config.yaml'), '{}\n');
    // 192.0.2.0/24 is for documentation (RFC 5737): refused before any connection is tried.
    const remote = ['--server', 'http://192.0.2.2:18082/', '--token-url', tokenUrl, '--client-id', 'op'];
    const before = { ...seen };
    const test = await votturInProcess(['test', 'api.yaml', ...remote, ...common], { cwd: dir, env });
    expect(test.code).toBe(2);
    expect(test.stderr).toMatch(/plain HTTP/);
    const key = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const attest = await votturInProcess(['attest', 'api.yaml', ...remote, '--no-dredd', '-o', 'record.json'], {
      cwd: dir,
      env: { ...env, VOTTUR_ATTEST_KEY: key },
    });
    expect(attest.code).toBe(2);
    expect(attest.stderr).toMatch(/plain HTTP/);
    expect(seen).toEqual(before);
  });
});

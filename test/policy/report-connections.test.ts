/**
 * A saved contract report records where its requests went and who chose each credential, and
 * `vottur report --gate` judges that record as a live `test --gate` judges the same choices (attack
 * o34r9 S1: a contract run against a server and a secret variable the repository's configuration
 * chose, saved without a policy, passed `report --gate`, which `test --gate` refuses). A contract
 * report whose record shows no connection fails closed. Over real HTTP, in-process.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';
import { reportValidator } from '../../src/report/schema.js';
import type { Connection, Report } from '../../src/report/finding.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-connections-'));
mkdirSync(join(dir, '.git'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
const read = (name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as Report;

write(
  'api.yaml',
  [
    'openapi: 3.0.3',
    'info: { title: Connections, version: 1.0.0 }',
    'paths:',
    '  /v1/things:',
    '    get:',
    '      operationId: listThings',
    '      responses:',
    "        '200':",
    '          description: ok',
    '          content:',
    '            application/json:',
    '              schema: { type: object, properties: { data: { type: array, items: { type: string } } } }',
    '              example: { data: [a] }',
    '',
  ].join('\n'),
);

let server: Server;
let url: string;
const authorisations: Array<string | undefined> = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    authorisations.push(request.headers.authorization);
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end('{"data":["a"]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const testArgs = ['test', 'api.yaml', '--phases', 'examples', '--no-dredd', '--quiet'];

async function saveRun(extra: string[], name: string, env: NodeJS.ProcessEnv = {}): Promise<Report> {
  const result = await votturInProcess([...testArgs, ...extra, '-f', 'json', '-o', name], { cwd: dir, env });
  expect(result.code, result.stderr).not.toBe(2);
  const report = read(name);
  expect(reportValidator()(report), JSON.stringify(reportValidator().errors)).toBe(true);
  return report;
}

async function rejudge(name: string): Promise<{ code: number | null; report: Report }> {
  const result = await votturInProcess(['report', name, '--gate', '-f', 'json'], { cwd: dir });
  expect(result.code, result.stderr).not.toBe(2);
  const report = JSON.parse(result.stdout) as Report;
  expect(reportValidator()(report), JSON.stringify(reportValidator().errors)).toBe(true);
  return { code: result.code, report };
}

const connectionFindings = (report: Report) =>
  report.findings.filter((finding) => /^The saved report's contract run/.test(finding.message));

describe('a saved contract report under report --gate', () => {
  it("is refused where the repository's configuration chose the server and a secret's variable", async () => {
    write('vottur.config.yaml', `contract:\n  server: ${url}\n  bearerEnv: VOTTUR_CERT_PASSPHRASE\n`);
    authorisations.length = 0;
    const saved = await saveRun([], 'configured.json', { VOTTUR_CERT_PASSPHRASE: 'operator-passphrase' });
    // Without a policy the configuration's choices were used (and recorded, never the value).
    expect(authorisations).toContain('Bearer operator-passphrase');
    expect(saved.configuration?.connections).toEqual([
      {
        document: 'api.yaml',
        server: url,
        serverFrom: 'configuration',
        credentials: [{ kind: 'bearer token', from: 'configuration', variable: 'VOTTUR_CERT_PASSPHRASE' }],
        honoured: true,
      },
    ] satisfies Connection[]);
    expect(readFileSync(join(dir, 'configured.json'), 'utf8')).not.toContain('operator-passphrase');

    const { code, report } = await rejudge('configured.json');
    expect(code).toBe(1);
    const refusals = connectionFindings(report);
    expect(refusals.map((finding) => [finding.ruleId, finding.severity, finding.document])).toEqual([
      ['policy-secret-refused', 'error', 'api.yaml'],
      ['policy-server-refused', 'error', 'api.yaml'],
    ]);
    expect(refusals[1]?.message).toContain(`the configuration chose the server ${url}`);
    expect(refusals[0]?.message).toContain('VOTTUR_CERT_PASSPHRASE for the bearer token (contract.bearerEnv)');
    expect(report.configuration?.connections?.[0]?.honoured).toBe(false);
  });

  it('stands where the operator chose the server and the credentials, and every format lists who chose what', async () => {
    write('vottur.config.yaml', 'contract:\n  timeout: 5000\n');
    const saved = await saveRun(['--server', url, '--bearer', 'operator-token'], 'operator.json');
    expect(saved.configuration?.connections).toEqual([
      {
        document: 'api.yaml',
        server: url,
        serverFrom: 'operator',
        credentials: [{ kind: 'bearer token', from: 'operator' }],
        honoured: true,
      },
    ] satisfies Connection[]);
    const { report } = await rejudge('operator.json');
    expect(connectionFindings(report)).toEqual([]);
    expect(report.configuration?.connections?.[0]?.honoured).toBe(true);
    for (const format of ['markdown', 'html', 'junit', 'github', 'stylish']) {
      const result = await votturInProcess(['report', 'operator.json', '-f', format], { cwd: dir });
      expect(result.stdout, format).toContain(`${url.replace(/^http:\/\//, '')}`);
      expect(result.stdout, format).toMatch(/chosen by the operator/);
    }
  });

  it('fails closed where the record shows no connection (an older vottur, or edited out)', async () => {
    const saved = read('operator.json');
    if (saved.configuration) delete saved.configuration.connections;
    write('unrecorded.json', JSON.stringify(saved));
    const { code, report } = await rejudge('unrecorded.json');
    expect(code).toBe(1);
    expect(connectionFindings(report).map((finding) => [finding.ruleId, finding.severity, finding.message])).toEqual([
      [
        'policy-server-refused',
        'error',
        "The saved report's contract run of api.yaml does not record where its requests went or who chose its credentials, so the policy (gate) cannot judge them; it counts as refused: run vottur test under the gate instead.",
      ],
    ]);
    // A lint report has no contract run to record.
    const lint = await votturInProcess(['lint', 'api.yaml', '-f', 'json', '-o', 'lint.json'], { cwd: dir });
    expect(lint.code, lint.stderr).not.toBe(2);
    expect(connectionFindings((await rejudge('lint.json')).report)).toEqual([]);
  });

  it('refuses credentials of any origin sent to a server the configuration chose outside hosts.credentials (attack o34r11 A1b)', async () => {
    const saved = read('configured.json');
    const [connection] = saved.configuration?.connections ?? [];
    if (!connection) throw new Error('no connection recorded');
    connection.credentials = [{ kind: 'bearer token', from: 'configuration', variable: 'VOTTUR_TOKEN' }];
    write('listed.json', JSON.stringify(saved));
    write('listing.yaml', 'hosts:\n  servers: [127.0.0.1]\nsecrets:\n  bearerEnv: [VOTTUR_TOKEN]\n');
    const result = await votturInProcess(['report', 'listed.json', '--policy', 'listing.yaml', '-f', 'json'], {
      cwd: dir,
    });
    expect(result.code).toBe(1);
    const messages = connectionFindings(JSON.parse(result.stdout) as Report).map((finding) => finding.message);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(
      /credentials went to http:\/\/127\.0\.0\.1:\d+, a server the configuration chose that the policy \(listing\.yaml\) does not list under hosts\.credentials/,
    );
  });

  it('refuses a recorded token endpoint and TLS files the configuration chose', async () => {
    const saved = read('operator.json');
    const [connection] = saved.configuration?.connections ?? [];
    if (!connection) throw new Error('no connection recorded');
    Object.assign(connection, {
      tokenUrl: `${url}/team/token`,
      tokenUrlFrom: 'configuration',
      credentials: [
        { kind: 'client secret', from: 'operator' },
        { kind: 'trusted CA', from: 'configuration', file: 'certs/team-ca.pem' },
      ],
    } satisfies Partial<Connection>);
    write('edited.json', JSON.stringify(saved));
    const { code, report } = await rejudge('edited.json');
    expect(code).toBe(1);
    const messages = connectionFindings(report).map((finding) => finding.message);
    expect(messages).toHaveLength(2);
    expect(messages.join('\n')).toContain(`the configuration chose the token endpoint ${url}/team/token`);
    expect(messages.join('\n')).toContain('the configuration named the trusted CA certs/team-ca.pem');
  });
});

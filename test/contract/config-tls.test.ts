/**
 * `contract.tls` in vottur.config.yaml: the client certificate and private CA as `--cert`, `--key`
 * and `--ca` give them, through the built CLI, against the reference service requiring a client
 * certificate (mutual TLS over real sockets). Its passphrase variable follows the rule for secrets
 * in a configuration: VOTTUR_ names only, unless an operator policy names others.
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceService, type RunningReferenceService } from '../../src/reference/service.js';
import { writeDevCertificates, type DevCertificateFiles } from '../../src/runtime/dev-certificates.js';
import { votturInProcess } from '../cli/run.js';

let dir: string;
let files: DevCertificateFiles;
let service: RunningReferenceService;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vottur-config-tls-'));
  files = await writeDevCertificates(join(dir, 'certs'));
  service = await startReferenceService({
    port: 0,
    auth: 'dev',
    mutualTls: {
      cert: await readFile(files.serverCert),
      key: await readFile(files.serverKey),
      ca: await readFile(files.caCert),
    },
  });
  copyFileSync(service.descriptionPath, join(dir, 'reference.yaml'));
}, 30_000);

afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

function config(tls: string): void {
  writeFileSync(
    join(dir, 'vottur.config.yaml'),
    `contract:\n  tokenUrl: ${service.tokenUrl}\n  clientId: ${service.clientId}\n  clientSecretEnv: VOTTUR_CLIENT_SECRET\n  tls:\n${tls}`,
  );
}

async function run(
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; findings: Array<{ ruleId: string; message: string }> }> {
  const result = await votturInProcess(
    [
      'test',
      'reference.yaml',
      '--server',
      service.baseUrl,
      '--phases',
      'examples',
      '--no-dredd',
      '-f',
      'json',
      // Not a test of response times: a slow answer on a loaded machine is not this test's failure.
      '--max-response-time',
      '60000',
    ],
    { cwd: dir, env: { VOTTUR_CLIENT_SECRET: service.clientSecret!, ...env } },
  );
  const report = JSON.parse(result.stdout) as { findings: Array<{ ruleId: string; message: string }> };
  return { code: result.code, findings: report.findings };
}

describe('contract.tls in the configuration', () => {
  it('presents the PEM client certificate and trusts the private CA it names: the run passes', async () => {
    config(`    cert: certs/client.pem\n    key: certs/client-key.pem\n    ca: certs/ca.pem\n`);
    const { code, findings } = await run();
    expect(findings).toEqual([]);
    expect(code).toBe(0);
  }, 60_000);

  it('a PKCS#12 file with its passphrase in the VOTTUR_ variable it names', async () => {
    config(`    cert: certs/client.p12\n    ca: [certs/ca.pem]\n    passphraseEnv: VOTTUR_DEV_P12\n`);
    const { code, findings } = await run({ VOTTUR_DEV_P12: files.clientP12Passphrase });
    expect(findings).toEqual([]);
    expect(code).toBe(0);
  }, 60_000);

  it('a passphrase variable not named VOTTUR_… is not read and the certificate not used: the report says so', async () => {
    config(`    cert: certs/client.p12\n    ca: certs/ca.pem\n    passphraseEnv: CI_DEPLOY_P12\n`);
    const { findings } = await run({ CI_DEPLOY_P12: files.clientP12Passphrase });
    expect(findings.filter((f) => f.ruleId === 'policy-secret-refused').map((f) => f.message)).toEqual([
      expect.stringContaining('`contract.tls.passphraseEnv: CI_DEPLOY_P12` in vottur.config.yaml was not read'),
    ]);
    // Without the certificate the server refuses the connection.
    expect(findings.map((f) => f.ruleId)).toContain('contract-unreachable');
  }, 60_000);

  it('an unknown member of contract.tls is refused by the configuration schema', async () => {
    config(`    cert: certs/client.pem\n    passphrase: hunter2\n`);
    const result = await votturInProcess(
      ['test', 'reference.yaml', '--server', service.baseUrl, '--phases', 'examples', '--no-dredd'],
      { cwd: dir },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/passphrase/);
  }, 60_000);
});

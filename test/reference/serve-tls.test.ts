/**
 * `vottur serve --tls <folder>`: the reference service over HTTPS, requiring a client certificate
 * issued by a development CA it writes into the folder. `vottur test`'s library runs against it
 * over real sockets with the client certificate it wrote (and with one from another CA).
 */
import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerServe } from '../../src/cli/commands/serve.js';
import { runContractTests } from '../../src/contract/index.js';
import { referenceDescriptionPath } from '../../src/reference/description.js';
import { writeDevCertificates, type DevCertificateFiles } from '../../src/runtime/dev-certificates.js';

interface StartLine {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  tls: { folder: string; ca: string; cert: string; key: string; p12: string; p12Passphrase: string };
}

let folder: string;
let start: StartLine;
let stranger: DevCertificateFiles;
const signals = new EventEmitter();
let done: Promise<unknown>;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'vottur-serve-tls-'));
  stranger = await writeDevCertificates(join(folder, 'other-ca'));
  let stdout = '';
  const program = new Command('vottur').exitOverride();
  registerServe(program, {
    stdout: (text) => (stdout += text),
    signals,
    log: new Writable({ write: (_c, _e, next) => next() }),
  });
  done = program.parseAsync(['serve', '--port', '0', '--tls', join(folder, 'dev')], { from: 'user' });
  const deadline = Date.now() + 20_000;
  while (!stdout.includes('\n')) {
    if (Date.now() > deadline) throw new Error('serve --tls did not start');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  start = JSON.parse(stdout) as StartLine;
}, 30_000);

afterAll(async () => {
  signals.emit('SIGTERM');
  await done;
  rmSync(folder, { recursive: true, force: true });
});

describe('vottur serve --tls', () => {
  it('prints an https base URL and where it wrote the CA, the client certificate and key, and the .p12', () => {
    expect(start.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(start.tls.folder).toBe(join(folder, 'dev'));
    for (const file of [start.tls.ca, start.tls.cert, start.tls.key, start.tls.p12])
      expect(existsSync(file), file).toBe(true);
  });

  it('refuses a connection without a client certificate, even with its CA trusted', async () => {
    const { Agent, fetch } = await import('undici');
    const { readFileSync } = await import('node:fs');
    const agent = new Agent({ connect: { ca: readFileSync(start.tls.ca) } });
    await expect(fetch(`${start.baseUrl}/openapi.json`, { dispatcher: agent })).rejects.toThrow();
    await agent.close();
  });

  const oauth = () => ({
    tokenUrl: start.tokenUrl,
    clientId: start.clientId,
    clientSecret: start.clientSecret,
    scope: start.scope,
  });

  it('vottur test passes over mutual TLS with --cert, --key and --ca', async () => {
    const report = await runContractTests({
      description: referenceDescriptionPath(),
      server: start.baseUrl,
      auth: { oauth: oauth(), tls: { cert: start.tls.cert, key: start.tls.key, ca: start.tls.ca } },
      phases: ['examples', 'coverage'],
      seed: 3,
      allowUnsafeMethods: true,
      // Not a test of response times: a slow answer on a loaded machine is not this test's failure.
      maxResponseTimeMs: 60_000,
    });
    expect(report.findings).toEqual([]);
    expect(report.operations?.every((o) => o.notTested === undefined)).toBe(true);
  }, 60_000);

  it('with the .p12 and its passphrase from VOTTUR_CERT_PASSPHRASE too', async () => {
    process.env.VOTTUR_CERT_PASSPHRASE = start.tls.p12Passphrase;
    try {
      const report = await runContractTests({
        description: referenceDescriptionPath(),
        server: start.baseUrl,
        auth: { oauth: oauth(), tls: { cert: start.tls.p12, ca: start.tls.ca } },
        phases: ['examples'],
        dredd: false,
        maxResponseTimeMs: 60_000,
      });
      expect(report.findings).toEqual([]);
    } finally {
      delete process.env.VOTTUR_CERT_PASSPHRASE;
    }
  }, 60_000);

  it('a client certificate of another CA is refused: one clear finding, nothing tested', async () => {
    const report = await runContractTests({
      description: referenceDescriptionPath(),
      server: start.baseUrl,
      auth: { oauth: oauth(), tls: { cert: stranger.clientCert, key: stranger.clientKey, ca: start.tls.ca } },
      dredd: false,
    });
    expect(report.findings.map((f) => f.ruleId)).toEqual(['contract-unreachable']);
    expect(report.findings[0].message).toMatch(/the server refused the TLS client certificate \(--cert\)/);
  }, 60_000);
});

/**
 * Calling a service as its real callers do, through a stand-in for a security server of the data
 * exchange layer: an https endpoint that demands a client certificate issued by its CA and passes
 * the request on to the reference service. Real sockets, real TLS.
 */
import { request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:https';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runContractTests } from '../../src/contract/index.js';
import { startReferenceService, type RunningReferenceService } from '../../src/reference/service.js';
import { writeDevCertificates, type DevCertificateFiles } from '../../src/runtime/dev-certificates.js';

let folder: string;
let files: DevCertificateFiles;
let stranger: DevCertificateFiles;
let service: RunningReferenceService;
let securityServer: Server;
let base: string;
const xroadIds: string[] = [];

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'vottur-mtls-'));
  files = await writeDevCertificates(join(folder, 'dev'));
  stranger = await writeDevCertificates(join(folder, 'other-ca'));
  service = await startReferenceService({ port: 0, auth: 'dev' });
  const target = new URL(service.baseUrl);
  securityServer = createServer(
    {
      cert: readFileSync(files.serverCert),
      key: readFileSync(files.serverKey),
      ca: readFileSync(files.caCert),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (incoming, outgoing) => {
      const id = incoming.headers['x-road-id'];
      if (typeof id === 'string') xroadIds.push(id);
      const forward = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: incoming.url,
          method: incoming.method,
          headers: incoming.headers,
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      incoming.pipe(forward);
    },
  );
  await new Promise<void>((resolve) => securityServer.listen(0, '127.0.0.1', resolve));
  const address = securityServer.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  base = `https://localhost:${address.port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => securityServer.close(resolve));
  await service.close();
  rmSync(folder, { recursive: true, force: true });
});

const oauth = () => ({
  tokenUrl: service.tokenUrl!,
  clientId: service.clientId!,
  clientSecret: service.clientSecret!,
  scope: service.scope,
});

describe('vottur test over mutual TLS', () => {
  it('passes the clean service behind a security server that demands a client certificate, with a new X-Road-Id per request', async () => {
    xroadIds.length = 0;
    const notes: string[] = [];
    const report = await runContractTests({
      description: service.descriptionPath,
      server: base,
      auth: {
        oauth: oauth(),
        tls: { cert: files.clientCert, key: files.clientKey, ca: files.caCert },
        xroadClient: 'IS-DEV/GOV/10000/vottur',
        xroadId: true,
      },
      phases: ['examples', 'coverage'],
      seed: 1,
      onProgress: (message) => notes.push(message),
    });
    expect(report.findings).toEqual([]);
    expect(report.operations?.every((o) => o.notTested === undefined)).toBe(true);
    expect(xroadIds.length).toBeGreaterThan(50);
    expect(new Set(xroadIds).size).toBe(xroadIds.length);
    expect(notes.join('\n')).toMatch(/dredd: not run, since its HTTP client cannot present a TLS client certificate/);
  });

  it('presents a PKCS#12 client certificate too', async () => {
    process.env.VOTTUR_CERT_PASSPHRASE = files.clientP12Passphrase;
    try {
      const report = await runContractTests({
        description: service.descriptionPath,
        server: base,
        auth: { oauth: oauth(), tls: { cert: files.clientP12, ca: files.caCert } },
        phases: ['examples'],
        dredd: false,
      });
      expect(report.findings).toEqual([]);
    } finally {
      delete process.env.VOTTUR_CERT_PASSPHRASE;
    }
  });

  it('a certificate from another CA is refused: one clear finding, nothing tested', async () => {
    const report = await runContractTests({
      description: service.descriptionPath,
      server: base,
      auth: { oauth: oauth(), tls: { cert: stranger.clientCert, key: stranger.clientKey, ca: files.caCert } },
      dredd: false,
    });
    expect(report.findings.map((f) => f.ruleId)).toEqual(['contract-unreachable']);
    expect(report.findings[0].message).toMatch(
      /^cannot reach the server at https:\/\/localhost:\d+\/: the server refused the TLS client certificate \(--cert\)/,
    );
    expect(report.operations?.every((o) => o.notTested === 'the server could not be reached')).toBe(true);
  });
});

describe('the token endpoint over mutual TLS', () => {
  let tokenEndpoint: Server;
  let tokenUrl: string;
  let presented = 0;
  beforeAll(async () => {
    const issuer = new URL(service.tokenUrl!);
    // An identity server that, like the security server, demands a client certificate from its CA.
    tokenEndpoint = createServer(
      {
        cert: readFileSync(files.serverCert),
        key: readFileSync(files.serverKey),
        ca: readFileSync(files.caCert),
        requestCert: true,
        rejectUnauthorized: true,
      },
      (incoming, outgoing) => {
        presented++;
        const forward = httpRequest(
          {
            host: issuer.hostname,
            port: issuer.port,
            path: issuer.pathname,
            method: incoming.method,
            headers: incoming.headers,
          },
          (answer) => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
          },
        );
        incoming.pipe(forward);
      },
    );
    await new Promise<void>((resolve) => tokenEndpoint.listen(0, '127.0.0.1', resolve));
    const address = tokenEndpoint.address();
    if (typeof address !== 'object' || address === null) throw new Error('no address');
    tokenUrl = `https://localhost:${address.port}/token`;
  });
  afterAll(() => new Promise((resolve) => tokenEndpoint.close(resolve)));

  it('token requests present the client certificate and trust the private CA too', async () => {
    presented = 0;
    const report = await runContractTests({
      description: service.descriptionPath,
      server: base,
      auth: {
        oauth: { ...oauth(), tokenUrl },
        tls: { cert: files.clientCert, key: files.clientKey, ca: files.caCert },
      },
      phases: ['examples'],
      dredd: false,
    });
    expect(report.findings).toEqual([]);
    // The token with the scope and the one without it, for the 403 probe.
    expect(presented).toBe(2);
  });

  it('without a client certificate the token endpoint refuses, and the run stops with one line', async () => {
    await expect(
      runContractTests({
        description: service.descriptionPath,
        server: base,
        auth: { oauth: { ...oauth(), tokenUrl }, tls: { ca: files.caCert } },
        phases: ['examples'],
        dredd: false,
      }),
    ).rejects.toThrow(/^cannot obtain a token from https:\/\/localhost:\d+\/token: /);
  });
});

import { createServer, type Server } from 'node:https';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CouldNotRunError } from '../../src/errors.js';
import {
  createDevCertificates,
  writeDevCertificates,
  type DevCertificateFiles,
} from '../../src/runtime/dev-certificates.js';
import { CERT_PASSPHRASE_ENV, loadTlsMaterial, tlsFetch } from '../../src/runtime/tls.js';

let folder: string;
let files: DevCertificateFiles;
let server: Server;
let base: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'vottur-tls-'));
  files = await writeDevCertificates(join(folder, 'dev'));
  server = createServer(
    {
      cert: readFileSync(files.serverCert),
      key: readFileSync(files.serverKey),
      ca: readFileSync(files.caCert),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (request, response) => {
      const peer = (request.socket as TLSSocket).getPeerCertificate();
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ client: peer.subject?.CN }));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  base = `https://localhost:${address.port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

describe('loadTlsMaterial and tlsFetch over mutual TLS', () => {
  it('presents a PEM client certificate and trusts the private CA', async () => {
    const material = await loadTlsMaterial(
      { cert: files.clientCert, key: files.clientKey, ca: files.caCert },
      process.cwd(),
    );
    const client = tlsFetch(material!);
    try {
      const response = await client.fetch(base);
      expect(await response.json()).toEqual({ client: 'IS-DEV/GOV/10000/vottur' });
    } finally {
      await client.close();
    }
  });

  it('presents a PKCS#12 client certificate whose passphrase is in the environment', async () => {
    process.env[CERT_PASSPHRASE_ENV] = files.clientP12Passphrase;
    try {
      const material = await loadTlsMaterial({ cert: files.clientP12, ca: [files.caCert] }, process.cwd());
      expect(material?.pfx).toBeDefined();
      const client = tlsFetch(material!);
      try {
        expect((await client.fetch(base)).status).toBe(200);
      } finally {
        await client.close();
      }
    } finally {
      delete process.env[CERT_PASSPHRASE_ENV];
    }
  });

  it('is refused by the server without a client certificate, and does not trust the private CA without --ca', async () => {
    const trusted = tlsFetch((await loadTlsMaterial({ ca: files.caCert }, process.cwd()))!);
    try {
      await expect(trusted.fetch(base)).rejects.toThrow();
    } finally {
      await trusted.close();
    }
    await expect(fetch(base)).rejects.toThrow();
  });

  it('names nothing: no material', async () => {
    expect(await loadTlsMaterial(undefined, process.cwd())).toBeUndefined();
    expect(await loadTlsMaterial({ ca: [] }, process.cwd())).toBeUndefined();
  });
});

describe('loadTlsMaterial refuses bad material in one line', () => {
  const refusal = async (options: Parameters<typeof loadTlsMaterial>[0]) => {
    try {
      await loadTlsMaterial(options, process.cwd());
    } catch (error) {
      expect(error).toBeInstanceOf(CouldNotRunError);
      return (error as Error).message;
    }
    throw new Error('not refused');
  };

  it('a missing file', async () => {
    expect(await refusal({ cert: join(folder, 'nope.pem'), key: files.clientKey })).toBe(
      `cannot read the certificate (--cert) ${join(folder, 'nope.pem')}: no such file`,
    );
  });

  it("a device, a FIFO, and (for a configuration's files) a file outside the repository: one line, no hang", async () => {
    execFileSync('mkfifo', [join(folder, 'fifo.pem')]);
    expect(await refusal({ ca: '/dev/zero' })).toBe(
      'cannot read the CA certificate (--ca) /dev/zero: it is a device, not a regular file',
    );
    expect(await refusal({ ca: join(folder, 'fifo.pem') })).toMatch(/it is a FIFO, not a regular file$/);
    const repository = mkdtempSync(join(tmpdir(), 'vottur-tls-repo-'));
    expect(await refusal({ ca: files.caCert, root: repository })).toMatch(
      /^cannot read the CA certificate \(--ca\) .*: it is outside the repository/,
    );
    rmSync(repository, { recursive: true, force: true });
  });

  it('a PEM certificate without its key, and a key without a certificate', async () => {
    expect(await refusal({ cert: files.clientCert })).toMatch(/give its private key with --key/);
    expect(await refusal({ key: files.clientKey })).toMatch(/--key needs --cert/);
  });

  it('a key that belongs to another certificate', async () => {
    expect(await refusal({ cert: files.clientCert, key: files.serverKey })).toBe(
      `the key ${files.serverKey} does not belong to the certificate ${files.clientCert}`,
    );
  });

  it('a PKCS#12 file with a wrong or missing passphrase, naming the variable to set', async () => {
    process.env[CERT_PASSPHRASE_ENV] = 'wrong';
    try {
      expect(await refusal({ cert: files.clientP12 })).toBe(
        `cannot open the PKCS#12 file ${files.clientP12}: wrong passphrase; set it in ${CERT_PASSPHRASE_ENV}`,
      );
    } finally {
      delete process.env[CERT_PASSPHRASE_ENV];
    }
    expect(await refusal({ cert: files.clientP12, passphraseEnv: 'MY_P12_PASSPHRASE' })).toMatch(/MY_P12_PASSPHRASE/);
  });

  it('a CA file that is not a certificate', async () => {
    const bogus = join(folder, 'bogus-ca.pem');
    writeFileSync(bogus, '-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----\n');
    expect(await refusal({ ca: bogus })).toMatch(/^cannot use the certificate/);
  });

  it('a PKCS#12 file with a separate key', async () => {
    expect(await refusal({ cert: files.clientP12, key: files.clientKey })).toMatch(/holds its key: leave out --key/);
  });
});

describe('createDevCertificates', () => {
  it('issues a server certificate for localhost and a client certificate for the subsystem, both signed by the CA', async () => {
    const { X509Certificate } = await import('node:crypto');
    const made = createDevCertificates({ clientName: 'IS/GOV/5501692829/test' });
    const ca = new X509Certificate(made.ca.cert);
    const serverCert = new X509Certificate(made.server.cert);
    const clientCert = new X509Certificate(made.client.cert);
    expect(ca.ca).toBe(true);
    expect(serverCert.verify(ca.publicKey)).toBe(true);
    expect(clientCert.verify(ca.publicKey)).toBe(true);
    expect(serverCert.checkHost('localhost')).toBe('localhost');
    expect(serverCert.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(clientCert.subject).toContain('CN=IS/GOV/5501692829/test');
  });
});

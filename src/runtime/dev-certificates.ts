/**
 * A development certificate authority with a server and a client certificate, for trying mutual
 * TLS locally (`vottur serve --tls`) the way a security server of the data exchange layer presents
 * and checks certificates. Keys come from Node's crypto; node-forge writes the X.509 certificates
 * and the PKCS#12 bundle. Never for production: the CA's key is written beside its certificate.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import forge from 'node-forge';

export interface DevCertificateOptions {
  /** Host names (and IP addresses) the server certificate is valid for (default localhost, 127.0.0.1, ::1). */
  hosts?: readonly string[];
  /** The client certificate's common name: on the data exchange layer, the calling subsystem. */
  clientName?: string;
  /** Days the certificates are valid (default 30). */
  days?: number;
}

export interface PemPair {
  cert: string;
  key: string;
}

export interface DevCertificates {
  ca: PemPair;
  server: PemPair;
  client: PemPair;
}

/** The files `writeDevCertificates` writes, by role. */
export interface DevCertificateFiles {
  folder: string;
  caCert: string;
  caKey: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
  /** The client certificate and key as one PKCS#12 file, protected by `clientP12Passphrase`. */
  clientP12: string;
  clientP12Passphrase: string;
}

const DEFAULT_HOSTS = ['localhost', '127.0.0.1', '::1'];

function newKeyPair(): { privatePem: string; publicPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

function certificate(options: {
  subject: string;
  publicPem: string;
  issuer: forge.pki.CertificateField[];
  signingKeyPem: string;
  days: number;
  extensions: object[];
}): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(options.publicPem);
  // A positive serial number of 16 random bytes (RFC 5280: positive, at most 20 octets).
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + options.days * 86_400_000);
  cert.setSubject([
    { name: 'commonName', value: options.subject },
    { name: 'organizationName', value: 'vottur development' },
  ]);
  cert.setIssuer(options.issuer);
  cert.setExtensions(options.extensions);
  cert.sign(forge.pki.privateKeyFromPem(options.signingKeyPem), forge.md.sha256.create());
  return cert;
}

/** A CA and a server and a client certificate it signed. */
export function createDevCertificates(options: DevCertificateOptions = {}): DevCertificates {
  const days = options.days ?? 30;
  const hosts = options.hosts ?? DEFAULT_HOSTS;
  const caKeys = newKeyPair();
  const caCert = certificate({
    subject: 'vottur development CA',
    publicPem: caKeys.publicPem,
    issuer: [
      { name: 'commonName', value: 'vottur development CA' },
      { name: 'organizationName', value: 'vottur development' },
    ],
    signingKeyPem: caKeys.privatePem,
    days,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const issue = (subject: string, usage: 'server' | 'client'): PemPair => {
    const keys = newKeyPair();
    const cert = certificate({
      subject,
      publicPem: keys.publicPem,
      issuer: caCert.subject.attributes,
      signingKeyPem: caKeys.privatePem,
      days,
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
        usage === 'server' ? { name: 'extKeyUsage', serverAuth: true } : { name: 'extKeyUsage', clientAuth: true },
        ...(usage === 'server'
          ? [
              {
                name: 'subjectAltName',
                altNames: hosts.map((host) =>
                  /^[\d.]+$|:/.test(host) ? { type: 7, ip: host } : { type: 2, value: host },
                ),
              },
            ]
          : []),
      ],
    });
    return { cert: forge.pki.certificateToPem(cert), key: keys.privatePem };
  };
  return {
    ca: { cert: forge.pki.certificateToPem(caCert), key: caKeys.privatePem },
    server: issue(hosts[0] ?? 'localhost', 'server'),
    client: issue(options.clientName ?? 'IS-DEV/GOV/10000/vottur', 'client'),
  };
}

/** A certificate and its key as a PKCS#12 file (3DES, as every TLS stack reads), under `passphrase`. */
export function toPkcs12(pair: PemPair, passphrase: string, chain: readonly string[] = []): Buffer {
  const asn1 = forge.pkcs12.toPkcs12Asn1(
    forge.pki.privateKeyFromPem(pair.key),
    [pair.cert, ...chain].map((pem) => forge.pki.certificateFromPem(pem)),
    passphrase,
    { algorithm: '3des' },
  );
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** Writes a new CA, server and client certificate into `folder` (created if need be). */
export async function writeDevCertificates(
  folder: string,
  options: DevCertificateOptions = {},
): Promise<DevCertificateFiles> {
  const made = createDevCertificates(options);
  await mkdir(folder, { recursive: true });
  const files: DevCertificateFiles = {
    folder,
    caCert: join(folder, 'ca.pem'),
    caKey: join(folder, 'ca-key.pem'),
    serverCert: join(folder, 'server.pem'),
    serverKey: join(folder, 'server-key.pem'),
    clientCert: join(folder, 'client.pem'),
    clientKey: join(folder, 'client-key.pem'),
    clientP12: join(folder, 'client.p12'),
    clientP12Passphrase: randomBytes(9).toString('base64url'),
  };
  const keyMode = { mode: 0o600 };
  await Promise.all([
    writeFile(files.caCert, made.ca.cert),
    writeFile(files.caKey, made.ca.key, keyMode),
    writeFile(files.serverCert, made.server.cert),
    writeFile(files.serverKey, made.server.key, keyMode),
    writeFile(files.clientCert, made.client.cert),
    writeFile(files.clientKey, made.client.key, keyMode),
    writeFile(files.clientP12, toPkcs12(made.client, files.clientP12Passphrase, [made.ca.cert]), keyMode),
  ]);
  return files;
}

/**
 * TLS material for calling a service the way its real callers do: a client certificate and key
 * (PEM files, or one PKCS#12 file whose passphrase comes from an environment variable) and the
 * certificates of a private CA to trust. Loading checks everything up front — unreadable file, a
 * key that does not belong to the certificate, a wrong passphrase — and says so in one line, so a
 * run never fails halfway on its first request.
 *
 * `tlsFetch` gives a `fetch` that presents the certificate and trusts the CA (undici's, with an
 * Agent carrying the material; Node's built-in fetch takes no TLS options). Nothing here knows
 * about contract tests: anything that calls an API (the contract tests, harvesting a catalogue)
 * uses the same loader.
 */
import { X509Certificate } from 'node:crypto';
import { resolve as resolvePath } from 'node:path';
import { createSecureContext, rootCertificates } from 'node:tls';
import { Agent, fetch as undiciFetch } from 'undici';
import { CouldNotRunError, errorCode, errorMessage } from '../errors.js';
import { envOf } from './process-defaults.js';

/** Where the TLS material is, as the user gives it (`--cert`, `--key`, `--ca`, or `contract.tls`). */
export interface TlsOptions {
  /** The client certificate: a PEM file (with `key`), or a PKCS#12 file (`.p12`/`.pfx`, key inside). */
  cert?: string;
  /** The client certificate's private key, PEM (not with a PKCS#12 `cert`). */
  key?: string;
  /** Certificates of a CA to trust besides the system's (PEM; one file may hold several). */
  ca?: string | readonly string[];
  /** The environment variable holding the passphrase of the key or the PKCS#12 file (default `VOTTUR_CERT_PASSPHRASE`). */
  passphraseEnv?: string;
  /**
   * The folder the files must be inside: the repository root for files a configuration names
   * (`contract.tls`); default `/` (the operator's own `--cert`, `--key`, `--ca`). Either way a file
   * is read as every named file is: a regular file of at most 16 MB, within 10 s.
   */
  root?: string;
}

/** The loaded material, ready for `tls.connect` (and so for an undici Agent). */
export interface TlsMaterial {
  cert?: Buffer;
  key?: Buffer;
  pfx?: Buffer;
  passphrase?: string;
  ca?: Buffer[];
  /** The files it came from, for messages. */
  files: { cert?: string; key?: string; ca: string[] };
}

export const CERT_PASSPHRASE_ENV = 'VOTTUR_CERT_PASSPHRASE';

/** True when the options name any TLS material. */
export function hasTlsOptions(options: TlsOptions | undefined): boolean {
  return Boolean(
    options && (options.cert || options.key || (typeof options.ca === 'string' ? options.ca : options.ca?.length)),
  );
}

/** A PKCS#12 file by its name, or by its content (DER, not PEM text). */
function isPkcs12(path: string, content: Buffer): boolean {
  if (/\.(p12|pfx)$/i.test(path)) return true;
  return !content.subarray(0, 64).toString('latin1').includes('-----BEGIN');
}

/**
 * A TLS file through the named-file reader: `ca: /dev/zero` must not fill the memory, a FIFO not
 * hang the run, a configuration not read a file outside the repository.
 */
async function readMaterial(path: string, what: string, root: string): Promise<Buffer> {
  const { readNamedBytes } = await import('./safe-read.js');
  return readNamedBytes(path, { what, root });
}

/**
 * Reads and checks the material the options name (paths relative to `cwd`). Undefined when they
 * name none.
 */
export async function loadTlsMaterial(
  options: TlsOptions | undefined,
  cwd: string,
  env: NodeJS.ProcessEnv = envOf({}),
): Promise<TlsMaterial | undefined> {
  if (!options || !hasTlsOptions(options)) return undefined;
  const caFiles = (typeof options.ca === 'string' ? [options.ca] : [...(options.ca ?? [])]).map((file) =>
    resolvePath(cwd, file),
  );
  const material: TlsMaterial = { files: { ca: caFiles } };
  const root = options.root ?? '/';
  const passphraseEnv = options.passphraseEnv ?? CERT_PASSPHRASE_ENV;
  const passphrase = env[passphraseEnv];
  if (options.key && !options.cert)
    throw new CouldNotRunError('--key needs --cert (the client certificate the key belongs to)');
  if (options.cert) {
    const certFile = resolvePath(cwd, options.cert);
    const cert = await readMaterial(certFile, 'the certificate (--cert)', root);
    material.files.cert = certFile;
    if (isPkcs12(certFile, cert)) {
      if (options.key)
        throw new CouldNotRunError(`--cert ${certFile} is a PKCS#12 file, which holds its key: leave out --key`);
      material.pfx = cert;
    } else {
      if (!options.key)
        throw new CouldNotRunError(
          `--cert ${certFile} is a PEM certificate: give its private key with --key (or a PKCS#12 file as --cert)`,
        );
      const keyFile = resolvePath(cwd, options.key);
      material.key = await readMaterial(keyFile, 'the key (--key)', root);
      material.files.key = keyFile;
      material.cert = cert;
    }
    if (passphrase !== undefined) material.passphrase = passphrase;
  }
  if (caFiles.length > 0) {
    material.ca = await Promise.all(caFiles.map((file) => readMaterial(file, 'the CA certificate (--ca)', root)));
    material.ca.forEach((pem, index) => checkCaFile(pem, caFiles[index] ?? ''));
  }
  checkMaterial(material, passphraseEnv);
  return material;
}

/** A CA file holds at least one certificate, and every one in it can be read (OpenSSL skips bad ones silently). */
function checkCaFile(content: Buffer, file: string): void {
  const blocks =
    content.toString('latin1').match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0)
    throw new CouldNotRunError(
      `cannot use the certificate ${file} as --ca: it holds no PEM certificate (-----BEGIN CERTIFICATE-----)`,
    );
  for (const block of blocks) {
    try {
      new X509Certificate(block);
    } catch (error) {
      throw new CouldNotRunError(`cannot use the certificate ${file} as --ca: ${errorMessage(error)}`);
    }
  }
}

/** Builds a secure context from the material, turning OpenSSL's errors into one line each. */
function checkMaterial(material: TlsMaterial, passphraseEnv: string): void {
  const { cert: certFile, key: keyFile } = material.files;
  try {
    createSecureContext(connectOptions(material));
  } catch (error) {
    const message = errorMessage(error);
    const code = errorCode(error) ?? '';
    if (/mac verify failure|bad decrypt|wrong password|maybe wrong password/i.test(message)) {
      throw new CouldNotRunError(
        `cannot open ${material.pfx ? `the PKCS#12 file ${certFile}` : `the key ${keyFile}`}: wrong passphrase; set it in ${passphraseEnv}`,
      );
    }
    if (/key values mismatch/i.test(message) || code === 'ERR_OSSL_X509_KEY_VALUES_MISMATCH') {
      throw new CouldNotRunError(`the key ${keyFile} does not belong to the certificate ${certFile}`);
    }
    if (
      /bad password read|interrupted or cancelled|no passphrase|PEM_read_bio_PrivateKey/i.test(message) &&
      material.passphrase === undefined
    ) {
      throw new CouldNotRunError(
        `the key ${keyFile ?? certFile} is protected by a passphrase: set it in ${passphraseEnv}`,
      );
    }
    const which = material.pfx
      ? `the PKCS#12 file ${certFile}`
      : /cert|x509/i.test(message) && !/key/i.test(message)
        ? `the certificate ${certFile ?? material.files.ca.join(', ')}`
        : `the key ${keyFile}`;
    throw new CouldNotRunError(`cannot use ${which}: ${message.replace(/^error:[0-9A-F]+:/i, '')}`);
  }
}

/** The material as `tls.connect` options. */
export function connectOptions(material: TlsMaterial): {
  cert?: Buffer;
  key?: Buffer;
  pfx?: Buffer;
  passphrase?: string;
  ca?: Buffer[];
} {
  return {
    ...(material.cert ? { cert: material.cert } : {}),
    ...(material.key ? { key: material.key } : {}),
    ...(material.pfx ? { pfx: material.pfx } : {}),
    ...(material.passphrase !== undefined ? { passphrase: material.passphrase } : {}),
    // A private CA is trusted besides the system's, not instead of them.
    // (`tls.rootCertificates` is Node's bundled list, which `ca` would otherwise replace.)
    ...(material.ca ? { ca: [...material.ca, ...rootCertificates.map((pem) => Buffer.from(pem))] } : {}),
  };
}

/** A `fetch` that presents the client certificate and trusts the CA; the closer ends its connections. */
export interface TlsFetch {
  fetch: typeof globalThis.fetch;
  close: () => Promise<void>;
}

export function tlsFetch(material: TlsMaterial): TlsFetch {
  const agent = new Agent({ connect: connectOptions(material) });
  const fetchWith: typeof globalThis.fetch = (input, init) =>
    // undici's fetch and Response are the WHATWG ones Node's global fetch is built on.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed where the DOM library is loaded too (the tests' program): its Response type is not undici's
    undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher: agent,
    }) as ReturnType<typeof globalThis.fetch>;
  return { fetch: fetchWith, close: () => agent.close() };
}

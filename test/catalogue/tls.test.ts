/**
 * Harvesting over mutual TLS, as a real security server demands: the development security server
 * requires a client certificate signed by its CA; the harvest presents one (PEM, or PKCS#12 with
 * the passphrase from the environment) through the same loader `vottur test` uses.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { harvestCatalogue } from '../../src/catalogue/harvest.js';
import { sampleCatalogue } from '../../src/catalogue/sample.js';
import { writeDevCertificates } from '../../src/runtime/dev-certificates.js';
import { connectOptions, loadTlsMaterial } from '../../src/runtime/tls.js';
import { votturInProcess } from '../cli/run.js';
import { CLIENT, devServer, tempFolder } from './helpers.js';

async function tlsServer() {
  const { root, out } = tempFolder();
  const files = await writeDevCertificates(join(root, 'certs'), { clientName: CLIENT });
  const server = await devServer({
    catalogue: sampleCatalogue(),
    tls: { cert: readFileSync(files.serverCert), key: readFileSync(files.serverKey), ca: readFileSync(files.caCert) },
  });
  return { root, out, files, server };
}

describe('vottur catalogue harvest over mutual TLS', () => {
  it('harvests with a client certificate the security server trusts', async () => {
    const { out, files, server } = await tlsServer();
    expect(server.baseUrl).toMatch(/^https:/);
    const tls = connectOptions(
      (await loadTlsMaterial({ cert: files.clientCert, key: files.clientKey, ca: files.caCert }, process.cwd()))!,
    );
    const manifest = await harvestCatalogue({ securityServer: server.baseUrl, client: CLIENT, out: out(), tls });
    expect(manifest.summary).toMatchObject({ services: 4, harvested: 3 });
  });

  it('is refused, one line, without a client certificate', async () => {
    const { out, files, server } = await tlsServer();
    const tls = connectOptions((await loadTlsMaterial({ ca: files.caCert }, process.cwd()))!);
    await expect(
      harvestCatalogue({ securityServer: server.baseUrl, client: CLIENT, out: out(), tls, retries: 0 }),
    ).rejects.toThrow(
      /^cannot reach the security server at https:\/\/127\.0\.0\.1:\d+\/: .*; check the address and --cert\/--key\/--ca$/,
    );
  });

  it('takes --cert/--key/--ca and a PKCS#12 --cert on the command line', async () => {
    const { root, files, server } = await tlsServer();
    const pem = await votturInProcess(
      [
        'catalogue',
        'harvest',
        server.baseUrl,
        '--xroad-client',
        CLIENT,
        '--out',
        'pem',
        '--cert',
        files.clientCert,
        '--key',
        files.clientKey,
        '--ca',
        files.caCert,
      ],
      { cwd: root },
    );
    expect(pem.stderr).toContain('harvested 3 of 4');
    expect(pem.code).toBe(0);
    const p12 = await votturInProcess(
      [
        'catalogue',
        'harvest',
        server.baseUrl,
        '--xroad-client',
        CLIENT,
        '--out',
        'p12',
        '--cert',
        files.clientP12,
        '--ca',
        files.caCert,
      ],
      { cwd: root, env: { VOTTUR_CERT_PASSPHRASE: files.clientP12Passphrase } },
    );
    expect(p12.stderr).toContain('harvested 3 of 4');
    const wrong = await votturInProcess(
      [
        'catalogue',
        'harvest',
        server.baseUrl,
        '--xroad-client',
        CLIENT,
        '--out',
        'wrong',
        '--cert',
        files.clientP12,
        '--ca',
        files.caCert,
      ],
      { cwd: root, env: { VOTTUR_CERT_PASSPHRASE: 'not-it' } },
    );
    expect(wrong.code).toBe(2);
    expect(wrong.stderr.trim().split('\n')).toHaveLength(1);
    expect(wrong.stderr).toContain('wrong passphrase');
  }, 60_000);
});

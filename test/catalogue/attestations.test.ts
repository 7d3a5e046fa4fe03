/**
 * `vottur catalogue report --attestations` over the built CLI, on the sample catalogue: each
 * harvested description is matched by its sha256 to the attestations a trusted key signed
 * (attested, attested for an earlier version, not attested), `--require-attestation` makes the
 * last two findings, an attestation no trusted key verifies is not used, and `--overlay` is
 * named in the report.
 */
import { generateKeyPairSync } from 'node:crypto';
import { appendFileSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { harvestCatalogue } from '../../src/catalogue/harvest.js';
import type { CatalogueDashboard } from '../../src/catalogue/dashboard.js';
import { sampleCatalogue } from '../../src/catalogue/sample.js';
import { votturInProcess } from '../cli/run.js';
import { CLIENT, devServer, tempFolder } from './helpers.js';

const VEHICLES = 'xroad://IS-DEV/GOV/10001/vehicle-registry/vehicles-v1';
const PERMITS = 'xroad://IS-DEV/GOV/10002/fishing-permits/permits-v1';
const PROFILE = 'xroad://IS-DEV/GOV/10000/island-is/user-profile-v2';

function keyPair(folder: string, name: string): { privateKey: string; publicKey: string } {
  const pair = generateKeyPairSync('ed25519');
  const privateKey = join(folder, `${name}.pem`);
  const publicKey = join(folder, `${name}.pub.pem`);
  writeFileSync(privateKey, pair.privateKey.export({ format: 'pem', type: 'pkcs8' }));
  writeFileSync(publicKey, pair.publicKey.export({ format: 'pem', type: 'spki' }));
  return { privateKey, publicKey };
}

interface JsonReport {
  findings: Array<{ ruleId: string; document: string; message: string }>;
  configuration?: { overlays?: Array<{ path: string }> };
}

describe('vottur catalogue report --attestations', () => {
  it('shows each service attested, attested for an earlier version, or not attested; --require-attestation makes findings', async () => {
    const server = await devServer({ catalogue: sampleCatalogue() });
    const { root, out } = tempFolder();
    mkdirSync(join(root, '.git'));
    await harvestCatalogue({ securityServer: server.baseUrl, client: CLIENT, out: out(), concurrency: 4 });
    const keys = join(root, 'keys');
    const providers = join(root, 'providers');
    const attestations = join(root, 'attestations');
    for (const folder of [keys, providers, attestations]) mkdirSync(folder);
    // The providers' repository, with the signing keys outside it.
    mkdirSync(join(providers, '.git'));
    const trusted = keyPair(keys, 'trusted');
    const stranger = keyPair(keys, 'stranger');
    // The vehicle registry attests the bytes it serves; the fishing permits an earlier version
    // (same title, one line more); the user profile nothing. A stranger's record is not trusted.
    copyFileSync(
      join(out(), 'IS-DEV/GOV/10001/vehicle-registry/vehicles-v1.openapi.yaml'),
      join(providers, 'vehicles.yaml'),
    );
    copyFileSync(
      join(out(), 'IS-DEV/GOV/10002/fishing-permits/permits-v1.openapi.yaml'),
      join(providers, 'permits.yaml'),
    );
    appendFileSync(join(providers, 'permits.yaml'), '# the version before\n');
    copyFileSync(
      join(out(), 'IS-DEV/GOV/10000/island-is/user-profile-v2.openapi.yaml'),
      join(providers, 'profile.yaml'),
    );
    for (const [file, key, output] of [
      ['vehicles.yaml', trusted.privateKey, 'vehicles.json'],
      ['permits.yaml', trusted.privateKey, 'permits.json'],
      ['profile.yaml', stranger.privateKey, 'profile-by-stranger.json'],
    ] as const) {
      const attested = await votturInProcess(
        ['attest', file, '--key', key, '-o', join(attestations, output), '--no-config'],
        {
          cwd: providers,
        },
      );
      expect(attested.code, attested.stderr).toBe(0);
    }
    // A list file: one attestation by path, the folder's others read from the folder itself.
    writeFileSync(join(root, 'list.txt'), '# attestations\nattestations/vehicles.json\n');

    const overlay = join(root, 'consumer.json');
    writeFileSync(
      overlay,
      JSON.stringify({
        overlay: '1.0.0',
        info: { title: 'consumer patch', version: '1' },
        actions: [{ target: '$.info', update: { 'x-consumer': true } }],
      }),
    );
    const args = [
      'catalogue',
      'report',
      out(),
      '--no-config',
      '--attestations',
      'list.txt',
      '--attestations',
      'attestations',
      '--attestation-key',
      trusted.publicKey,
      '--overlay',
      'consumer.json',
      '--format',
      'json',
    ];
    const plain = await votturInProcess(args, { cwd: root, timeoutMs: 120_000 });
    expect(plain.stderr).toMatch(
      /3 attestations verified; 1 not used \(attestations\/profile-by-stranger\.json: no trusted key verifies its signature\)/,
    );
    const dashboard = JSON.parse(readFileSync(join(out(), 'catalogue.json'), 'utf8')) as CatalogueDashboard;
    const state = (name: string) => dashboard.services.find((s) => s.name === name)?.attestation;
    expect(state(VEHICLES)).toMatchObject({ state: 'attested', verdict: 'pass', key: trusted.publicKey });
    expect(state(VEHICLES)?.keyId).toMatch(/^[0-9a-f]{64}$/);
    expect(state(PERMITS)).toMatchObject({ state: 'earlier', key: trusted.publicKey });
    expect(state(PROFILE)).toEqual({ state: 'none' });
    expect(dashboard.summary.attestations).toEqual({ attested: 1, earlier: 1, none: 1 });
    expect(dashboard.trend.at(-1)?.attested).toBe(1);
    const report = JSON.parse(plain.stdout) as JsonReport;
    expect(report.findings.filter((f) => f.ruleId.includes('attest'))).toEqual([]);
    expect(report.configuration?.overlays?.map((o) => o.path)).toEqual(['consumer.json']);
    const html = readFileSync(join(out(), 'catalogue.html'), 'utf8');
    expect(html).toContain('data-attestation="attested"');
    expect(html).toContain('data-attestation="earlier"');
    expect(html).toContain('data-attestation="none"');

    const required = await votturInProcess([...args, '--require-attestation'], { cwd: root, timeoutMs: 120_000 });
    const findings = (JSON.parse(required.stdout) as JsonReport).findings.filter((f) => f.ruleId.includes('attest'));
    expect(findings.map((f) => [f.ruleId, f.document]).sort()).toEqual([
      ['catalogue-attestation-outdated', PERMITS],
      ['catalogue-not-attested', PROFILE],
    ]);
    expect(required.code).toBe(1);
  }, 240_000);

  it('refuses --attestations without a trusted key, in one line', async () => {
    const { root, out } = tempFolder();
    mkdirSync(out());
    writeFileSync(join(out(), 'harvest.json'), '{}');
    const result = await votturInProcess(['catalogue', 'report', out(), '--attestations', out()], { cwd: root });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--attestations needs --attestation-key/);
  });
});

/**
 * What an attestation attests, over the CLI (issue 34, attack round 5, C3 and C4): a record is
 * about its root subject only (a file the root `$ref`s was judged only in the parts the root used,
 * so a record for `good.yaml` never makes the `evil.json` it reaches "attested, pass"), and
 * `--require-attestation` asks for a record of a passing gate (a signed record of a failed gate
 * is a finding that says so).
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { harvestCatalogue } from '../../src/catalogue/harvest.js';
import type { CatalogueDashboard } from '../../src/catalogue/dashboard.js';
import type { DevCatalogue } from '../../src/catalogue/sample.js';
import { votturInProcess } from '../cli/run.js';
import { CLIENT, devServer, tempFolder } from './helpers.js';

const EVIL = {
  openapi: '3.0.3',
  info: { title: 'Evil', version: '0.0.1' },
  paths: { '/getUsers': { get: { responses: { '200': { description: 'x' } } } } },
  components: {
    schemas: {
      InvoiceStatus: {
        description: 'Where an invoice stands.',
        type: 'string',
        enum: ['UNPAID', 'PAID', 'CANCELLED'],
        example: 'UNPAID',
      },
    },
  },
};

/** The conformant example with its `InvoiceStatus` schema taken from `evil.json`. */
function goodReferringToEvil(): string {
  const text = readFileSync(join(import.meta.dirname, '../../fixtures/conformant/catalogue-api.yaml'), 'utf8');
  const schema =
    '    InvoiceStatus:\n      description: Where an invoice stands.\n      type: string\n      enum: [UNPAID, PAID, CANCELLED]\n      example: UNPAID\n';
  if (!text.includes(schema)) throw new Error('the conformant fixture changed: update this test');
  return text.replace(schema, "    InvoiceStatus:\n      $ref: './evil.json#/components/schemas/InvoiceStatus'\n");
}

function subsystem(code: string, services: DevCatalogue['subsystems'][number]['services']) {
  return {
    instance: 'IS-DEV',
    memberClass: 'GOV',
    memberCode: '10001',
    subsystemCode: code,
    memberName: 'Test',
    services,
  };
}

interface JsonReport {
  findings: Array<{ ruleId: string; document: string; message: string }>;
}

/**
 * A provider's repository holding `files`, an operator's key pair, and a security server serving
 * `served` as the one service `<code>-v1`, harvested: what each test attests and reports on.
 */
async function providerAndCatalogue(code: string, files: Record<string, string>, served: string) {
  const { root, out } = tempFolder();
  mkdirSync(join(root, '.git'));
  const providers = join(root, 'providers');
  const keys = join(root, 'keys');
  const attestations = join(root, 'attestations');
  for (const folder of [providers, keys, attestations]) mkdirSync(folder);
  mkdirSync(join(providers, '.git'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(providers, name), text);
  const pair = generateKeyPairSync('ed25519');
  const privateKey = join(keys, 'op.pem');
  const publicKey = join(keys, 'op.pub.pem');
  writeFileSync(privateKey, pair.privateKey.export({ format: 'pem', type: 'pkcs8' }));
  writeFileSync(publicKey, pair.publicKey.export({ format: 'pem', type: 'spki' }));
  const server = await devServer({
    catalogue: {
      subsystems: [
        subsystem(code, [{ serviceCode: `${code}-v1`, serviceType: 'OPENAPI', description: { text: served } }]),
      ],
    },
  });
  await harvestCatalogue({ securityServer: server.baseUrl, client: CLIENT, out: out(), concurrency: 2 });
  const report = (extra: string[]) =>
    votturInProcess(
      [
        'catalogue',
        'report',
        out(),
        '--no-config',
        '--attestations',
        attestations,
        '--attestation-key',
        publicKey,
      ].concat(['--require-attestation', '--format', 'json', ...extra]),
      { cwd: root, timeoutMs: 120_000 },
    );
  const attest = (file: string, record: string, extra: string[] = []) =>
    votturInProcess(['attest', file, ...extra, '--key', privateKey, '-o', join(attestations, record)], {
      cwd: providers,
    });
  const attestFindings = (stdout: string) =>
    (JSON.parse(stdout) as JsonReport).findings.filter((f) => f.ruleId.includes('attest'));
  return { out, report, attest, attestFindings };
}

describe('vottur catalogue report: an attestation attests its root description, and a pass is required', () => {
  it('a record of good.yaml does not attest the evil.json it $refs; a record of a failed gate does not satisfy --require-attestation', async () => {
    const evilText = `${JSON.stringify(EVIL, null, 1)}\n`;
    // The security server serves evil.json as its own service, byte for byte.
    const { out, report, attest, attestFindings } = await providerAndCatalogue(
      'evil',
      { 'evil.json': evilText, 'good.yaml': goodReferringToEvil() },
      evilText,
    );
    const evilState = () =>
      (JSON.parse(readFileSync(join(out(), 'catalogue.json'), 'utf8')) as CatalogueDashboard).services.find((s) =>
        s.name.endsWith('/evil/evil-v1'),
      )?.attestation;

    // C3: good.yaml passes the gate; evil.json is its second subject, not what was judged.
    const good = await attest('good.yaml', 'good.json', ['--gate']);
    expect(good.code, good.stderr).toBe(0);
    expect(good.stderr).toMatch(/attested good\.yaml \(2 files\): gate pass/);
    const first = await report([]);
    expect(evilState()).toEqual({ state: 'none' });
    expect(attestFindings(first.stdout).map((f) => f.ruleId)).toEqual(['catalogue-not-attested']);
    expect(first.code).toBe(1);

    // C4: evil.json attested itself: a signed record of a failed gate.
    const evil = await attest('evil.json', 'evil.json', ['--gate']);
    expect(evil.code, evil.stderr).toBe(0);
    expect(evil.stderr).toMatch(/attested evil\.json \(1 file\): gate fail/);
    const second = await report([]);
    expect(evilState()).toMatchObject({ state: 'attested', verdict: 'fail' });
    const findings = attestFindings(second.stdout);
    expect(findings.map((f) => f.ruleId)).toEqual(['catalogue-not-attested']);
    expect(findings[0]?.message).toMatch(/records a failed gate \(score \d+\/100\): nothing says it passed/);
    expect(second.code).toBe(1);
  }, 240_000);

  it('under a policy, a pass recorded by a run under no policy does not satisfy --require-attestation; one under --gate does (attack r6)', async () => {
    const text = readFileSync(join(import.meta.dirname, '../../fixtures/conformant/catalogue-api.yaml'), 'utf8');
    const { report, attest, attestFindings } = await providerAndCatalogue('api', { 'api.yaml': text }, text);

    const ungated = await attest('api.yaml', 'a.json');
    expect(ungated.code, ungated.stderr).toBe(0);
    // Without a policy the record is what was asked for.
    expect(attestFindings((await report([])).stdout)).toEqual([]);
    const gated = await report(['--gate']);
    const findings = attestFindings(gated.stdout);
    expect(findings.map((f) => f.ruleId)).toEqual(['catalogue-not-attested']);
    expect(findings[0]?.message).toMatch(
      /records a pass of a run under no policy: .* nothing says it passed the gate \(gate\)/,
    );
    expect(gated.code).toBe(1);

    const underGate = await attest('api.yaml', 'b.json', ['--gate']);
    expect(underGate.code, underGate.stderr).toBe(0);
    expect(attestFindings((await report(['--gate'])).stdout)).toEqual([]);
  }, 240_000);
});

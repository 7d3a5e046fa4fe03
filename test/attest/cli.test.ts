/**
 * `vottur attest` and `vottur verify` end to end on the reference description: the attestation
 * verifies with vottur and, independently, with openssl (signature over the PAE bytes) and
 * `openssl dgst` (the subject digest); one byte changed in the description, the payload or the
 * signature makes each refuse it; `--recheck` sees a verdict a configuration change overturned.
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pae } from '../../src/attest/dsse.js';
import type { DsseEnvelope } from '../../src/attest/dsse.js';
import { ROOT, votturInProcess } from '../cli/run.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-attest-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));

const repo = join(top, 'repo');
const keys = join(top, 'keys');
const PRIVATE = join(keys, 'key.pem');
const PUBLIC = join(keys, 'pub.pem');
const DESCRIPTION = 'user-profile.openapi.yaml';
const ATTESTATION = join(top, 'attestation.json');

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function openssl(args: string[]): { ok: boolean; out: string } {
  try {
    return { ok: true, out: execFileSync('openssl', args, { stdio: 'pipe' }).toString() };
  } catch {
    return { ok: false, out: '' };
  }
}

/** openssl's own verification of an envelope: the PAE bytes rebuilt from the JSON, the Ed25519 signature checked raw. */
function opensslVerifiesEnvelope(envelope: DsseEnvelope, name: string): boolean {
  const data = join(top, `${name}.pae`);
  const sig = join(top, `${name}.sig`);
  writeFileSync(data, pae(envelope.payloadType, Buffer.from(envelope.payload, 'base64')));
  writeFileSync(sig, Buffer.from(envelope.signatures[0].sig, 'base64'));
  return openssl(['pkeyutl', '-verify', '-pubin', '-inkey', PUBLIC, '-rawin', '-in', data, '-sigfile', sig]).ok;
}

/** The subject's digest against `openssl dgst -sha256` of the file: the description bytes, independently. */
function opensslMatchesSubject(envelope: DsseEnvelope, file: string): boolean {
  const statement = JSON.parse(Buffer.from(envelope.payload, 'base64').toString()) as {
    subject: Array<{ digest: { sha256: string } }>;
  };
  const { out } = openssl(['dgst', '-sha256', '-r', file]);
  return out.split(' ')[0] === statement.subject[0].digest.sha256;
}

function flipByte(text: string, index: number): string {
  const bytes = Buffer.from(text, 'base64');
  bytes[index % bytes.length] ^= 0x01;
  return bytes.toString('base64');
}

beforeAll(async () => {
  mkdirSync(join(repo, '.git'), { recursive: true });
  mkdirSync(keys);
  copyFileSync(join(ROOT, 'assets/reference/user-profile.openapi.yaml'), join(repo, DESCRIPTION));
  const pair = generateKeyPairSync('ed25519');
  writeFileSync(PRIVATE, pair.privateKey.export({ format: 'pem', type: 'pkcs8' }));
  writeFileSync(PUBLIC, pair.publicKey.export({ format: 'pem', type: 'spki' }));
  const result = await votturInProcess(['attest', DESCRIPTION, '--key', PRIVATE, '--output', ATTESTATION, '--gate'], {
    cwd: repo,
  });
  expect(result.stderr).toMatch(/attested user-profile\.openapi\.yaml \(1 file\): gate pass, score 100\/100/);
  expect(result.code).toBe(0);
});

const envelope = (): DsseEnvelope => JSON.parse(readFileSync(ATTESTATION, 'utf8')) as DsseEnvelope;

describe('vottur attest', () => {
  it('writes an in-toto Statement v1 about the description in a DSSE envelope', () => {
    const written = envelope();
    expect(written.payloadType).toBe('application/vnd.in-toto+json');
    const statement = JSON.parse(Buffer.from(written.payload, 'base64').toString()) as {
      predicate: unknown;
      subject: unknown;
      _type: string;
    };
    expect(statement._type).toBe('https://in-toto.io/Statement/v1');
    expect(statement.subject).toEqual([
      { name: DESCRIPTION, digest: { sha256: expect.stringMatching(/^[0-9a-f]{64}$/) } },
    ]);
    expect(statement.predicate).toMatchObject({
      tool: { name: 'vottur' },
      ruleset: { name: 'vottur', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      policy: { name: 'gate', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      gate: { failSeverity: 'error', verdict: 'pass' },
      score: { score: 100, grade: 'A' },
      absoluteScore: { score: 100, grade: 'A' },
      counts: { bySeverity: { error: 0, warn: 0 }, byRule: {} },
    });
  });

  it('verifies with vottur, and with openssl over the PAE bytes and the file digest', async () => {
    const result = await votturInProcess(['verify', ATTESTATION, DESCRIPTION, '--key', PUBLIC], { cwd: repo });
    expect(result.stdout).toMatch(/^verified: user-profile\.openapi\.yaml as attested \(1 file\) by vottur/);
    expect(result.code).toBe(0);
    if (!hasOpenssl()) return;
    expect(opensslVerifiesEnvelope(envelope(), 'good')).toBe(true);
    expect(opensslMatchesSubject(envelope(), join(repo, DESCRIPTION))).toBe(true);
  });

  it('is refused by both after one byte of the description changes', async () => {
    const changedRepo = join(top, 'changed');
    mkdirSync(join(changedRepo, '.git'), { recursive: true });
    const text = readFileSync(join(repo, DESCRIPTION));
    text[text.indexOf('title')] ^= 0x20; // title → Title
    writeFileSync(join(changedRepo, DESCRIPTION), text);
    const result = await votturInProcess(['verify', ATTESTATION, DESCRIPTION, '--key', PUBLIC], { cwd: changedRepo });
    expect(result.stderr).toMatch(/user-profile\.openapi\.yaml changed since it was attested/);
    expect(result.code).toBe(1);
    if (hasOpenssl()) expect(opensslMatchesSubject(envelope(), join(changedRepo, DESCRIPTION))).toBe(false);
  });

  it.each([
    ['payload', (e: DsseEnvelope) => ({ ...e, payload: flipByte(e.payload, 40) })],
    [
      'signature',
      (e: DsseEnvelope) => ({ ...e, signatures: [{ ...e.signatures[0], sig: flipByte(e.signatures[0].sig, 7) }] }),
    ],
  ])('is refused by both after one byte of the %s changes', async (part, change) => {
    const changed = change(envelope());
    const file = join(top, `changed-${part}.json`);
    writeFileSync(file, JSON.stringify(changed));
    const result = await votturInProcess(['verify', file, DESCRIPTION, '--key', PUBLIC], { cwd: repo });
    expect(result.stderr).toMatch(/the signature does not verify with the given public key/);
    expect(result.code).toBe(1);
    if (hasOpenssl()) expect(opensslVerifiesEnvelope(changed, part)).toBe(false);
  });

  it('takes the key from VOTTUR_ATTEST_KEY and refuses one inside the repository', async () => {
    const output = join(top, 'from-env.json');
    const fromEnv = await votturInProcess(['attest', DESCRIPTION, '--output', output], {
      cwd: repo,
      env: { VOTTUR_ATTEST_KEY: readFileSync(PRIVATE, 'utf8') },
    });
    expect(fromEnv.code).toBe(0);
    expect((await votturInProcess(['verify', output, DESCRIPTION, '--key', PUBLIC], { cwd: repo })).code).toBe(0);
    copyFileSync(PRIVATE, join(repo, 'key.pem'));
    const inside = await votturInProcess(['attest', DESCRIPTION, '--key', 'key.pem', '--output', join(top, 'x.json')], {
      cwd: repo,
    });
    expect(inside.stderr).toMatch(/^vottur: --key key\.pem is inside the repository under check/);
    expect(inside.stderr.trim().split('\n')).toHaveLength(1);
    expect(inside.code).toBe(2);
    rmSync(join(repo, 'key.pem'));
    const none = await votturInProcess(['attest', DESCRIPTION, '--output', join(top, 'y.json')], {
      cwd: repo,
      env: { VOTTUR_ATTEST_KEY: '' },
    });
    expect(none.stderr).toMatch(/give the signing key with --key <file> or in VOTTUR_ATTEST_KEY/);
    expect(none.code).toBe(2);
  });
});

describe('vottur verify --recheck', () => {
  it('says the verdict no longer holds once a configuration turns a rule up', async () => {
    const folder = join(top, 'recheck');
    mkdirSync(join(folder, '.git'), { recursive: true });
    // One finding (no x-pricing), a warning by the team's configuration: the gate passes.
    const text = readFileSync(join(ROOT, 'assets/reference/user-profile.openapi.yaml'), 'utf8').replace(
      /\n {2}x-pricing:\n {4}- free/,
      '',
    );
    writeFileSync(join(folder, DESCRIPTION), text);
    writeFileSync(join(folder, 'vottur.config.yaml'), 'rules:\n  platform-info-x-pricing: warn\n');
    const output = join(top, 'recheck.json');
    const attested = await votturInProcess(['attest', DESCRIPTION, '--key', PRIVATE, '--output', output], {
      cwd: folder,
    });
    expect(attested.stderr).toMatch(/gate pass/);
    const holds = await votturInProcess(['verify', output, DESCRIPTION, '--key', PUBLIC, '--recheck'], { cwd: folder });
    expect(holds.stdout).toMatch(/recheck: the verdict holds \(pass/);
    expect(holds.code).toBe(0);
    writeFileSync(join(folder, 'vottur.config.yaml'), 'rules:\n  platform-info-x-pricing: error\n');
    const overturned = await votturInProcess(['verify', output, DESCRIPTION, '--key', PUBLIC, '--recheck'], {
      cwd: folder,
    });
    expect(overturned.stdout).toMatch(/recheck: the verdict no longer holds: attested pass, now fail/);
    expect(overturned.code).toBe(1);
  });
});

/**
 * A national identifier in what `attest` and `verify` write is masked, as in the reports (attack
 * o34r15 B10): the signed statement (subject, title, everything but digests), the lines on
 * standard error and output, unless --show-pii asks; an attestation verifies either way.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';

const top = mkdtempSync(join(tmpdir(), 'vottur-attest-ids-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));
const repo = join(top, 'repo');
mkdirSync(join(repo, '.git'), { recursive: true });
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const PRIVATE = join(top, 'key.pem');
const PUBLIC = join(top, 'pub.pem');
writeFileSync(PRIVATE, privateKey.export({ type: 'pkcs8', format: 'pem' }));
writeFileSync(PUBLIC, publicKey.export({ type: 'spki', format: 'pem' }));
const ID = '0101302989';
writeFileSync(join(repo, `${ID}.yaml`), `openapi: 3.0.3\ninfo: {title: "Kt ${ID}", version: "1"}\npaths: {}\n`);

const payloadOf = (file: string) =>
  Buffer.from((JSON.parse(readFileSync(file, 'utf8')) as { payload: string }).payload, 'base64').toString();

describe('national identifiers in attest and verify', () => {
  it('masked in the statement and every line, and the attestation verifies', async () => {
    const attest = await votturInProcess(['attest', `${ID}.yaml`, '--gate', '--key', PRIVATE, '-o', 'a.json'], {
      cwd: repo,
    });
    expect(attest.stderr).toMatch(/^vottur: attested 010130\*\*\*\*\.yaml \(1 file\)/);
    const payload = payloadOf(join(repo, 'a.json'));
    expect(payload).not.toContain(ID);
    expect(payload).toContain('"name":"010130****.yaml"');
    expect(payload).toContain('Kt 010130****');
    const verify = await votturInProcess(['verify', 'a.json', `${ID}.yaml`, '--key', PUBLIC], { cwd: repo });
    expect(`${verify.stdout}${verify.stderr}`).not.toContain(ID);
    expect(verify.stdout).toMatch(/^verified: 010130\*\*\*\*\.yaml as attested/);
    expect(verify.code).toBe(0);
    // A problem line names the file masked too.
    writeFileSync(join(repo, `${ID}.yaml`), `openapi: 3.0.3\ninfo: {title: "Kt ${ID}", version: "2"}\npaths: {}\n`);
    const changed = await votturInProcess(['verify', 'a.json', `${ID}.yaml`, '--key', PUBLIC], { cwd: repo });
    expect(changed.stderr).toMatch(/010130\*\*\*\*\.yaml changed since it was attested/);
    expect(changed.stderr).not.toContain(ID);
    expect(changed.code).toBe(1);
  }, 30_000);

  it('--show-pii keeps them, and such an attestation verifies with and without it', async () => {
    writeFileSync(join(repo, `${ID}.yaml`), `openapi: 3.0.3\ninfo: {title: "Kt ${ID}", version: "1"}\npaths: {}\n`);
    const attest = await votturInProcess(
      ['attest', `${ID}.yaml`, '--gate', '--key', PRIVATE, '-o', 'b.json', '--show-pii'],
      { cwd: repo },
    );
    expect(attest.stderr).toContain(`attested ${ID}.yaml`);
    expect(payloadOf(join(repo, 'b.json'))).toContain(`"name":"${ID}.yaml"`);
    const shown = await votturInProcess(['verify', 'b.json', `${ID}.yaml`, '--key', PUBLIC, '--show-pii'], {
      cwd: repo,
    });
    expect(shown.stdout).toMatch(new RegExp(`^verified: ${ID}\\.yaml`));
    const masked = await votturInProcess(['verify', 'b.json', `${ID}.yaml`, '--key', PUBLIC], { cwd: repo });
    expect(masked.stdout).toMatch(/^verified: 010130\*\*\*\*\.yaml/);
    expect(masked.code).toBe(0);
  }, 30_000);
});

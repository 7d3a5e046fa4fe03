/**
 * The DSSE envelope: the pre-authentication encoding as the DSSE spec gives it, signatures that
 * `openssl` (an implementation vottur did not write) verifies over those bytes, and a refusal for any
 * byte changed in the payload or the signature.
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { keyId, pae, privateKeyFrom, publicKeyFrom, signEnvelope, verifyEnvelope } from '../../src/attest/dsse.js';

const work = mkdtempSync(join(tmpdir(), 'vottur-dsse-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const keys = {
  ed25519: generateKeyPairSync('ed25519'),
  'ecdsa-p256': generateKeyPairSync('ec', { namedCurve: 'prime256v1' }),
};

/** openssl's answer on the PAE bytes: Ed25519 is verified raw (`-rawin`), ECDSA over SHA-256 with `dgst`. */
function opensslVerifies(kind: keyof typeof keys, type: string, payload: Buffer, sig: Buffer): boolean {
  const name = `${kind}-${Math.random().toString(36).slice(2)}`;
  const pub = join(work, `${name}.pub.pem`);
  const data = join(work, `${name}.pae`);
  const sigFile = join(work, `${name}.sig`);
  writeFileSync(pub, keys[kind].publicKey.export({ format: 'pem', type: 'spki' }));
  writeFileSync(data, pae(type, payload));
  writeFileSync(sigFile, sig);
  const args =
    kind === 'ed25519'
      ? ['pkeyutl', '-verify', '-pubin', '-inkey', pub, '-rawin', '-in', data, '-sigfile', sigFile]
      : ['dgst', '-sha256', '-verify', pub, '-signature', sigFile, data];
  try {
    execFileSync('openssl', args, { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

describe('pae', () => {
  it('is the DSSE spec example byte for byte', () => {
    expect(pae('http://example.com/HelloWorld', Buffer.from('hello world')).toString()).toBe(
      'DSSEv1 29 http://example.com/HelloWorld 11 hello world',
    );
  });

  it('counts bytes, not characters', () => {
    expect(pae('t', Buffer.from('þú', 'utf8')).toString('utf8')).toBe('DSSEv1 1 t 4 þú');
  });
});

describe('keys', () => {
  it('refuses an RSA key and text that is no key, in one line', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const pem = rsa.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => privateKeyFrom(pem, 'k')).toThrow(/the key is rsa; give an Ed25519 or ECDSA P-256 key/);
    expect(() => publicKeyFrom('not a key', 'k')).toThrow(/k is not a PEM public key/);
  });

  it('names a signature by the public key whichever half is given', () => {
    expect(keyId(keys.ed25519.privateKey)).toBe(keyId(keys.ed25519.publicKey));
    expect(keyId(keys.ed25519.publicKey)).not.toBe(keyId(keys['ecdsa-p256'].publicKey));
  });
});

describe.each(['ed25519', 'ecdsa-p256'] as const)('a %s envelope', (kind) => {
  const type = 'application/vnd.in-toto+json';
  const payload = Buffer.from('{"_type":"https://in-toto.io/Statement/v1"}');
  const envelope = signEnvelope(type, payload, keys[kind].privateKey);

  it('verifies with vottur and not with another key', () => {
    expect(verifyEnvelope(envelope, keys[kind].publicKey)?.equals(payload)).toBe(true);
    const other =
      kind === 'ed25519' ? generateKeyPairSync('ed25519') : generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    expect(verifyEnvelope(envelope, other.publicKey)).toBeUndefined();
  });

  it.skipIf(!hasOpenssl())('verifies with openssl over the PAE bytes', () => {
    const sig = Buffer.from(envelope.signatures[0].sig, 'base64');
    expect(opensslVerifies(kind, type, payload, sig)).toBe(true);
  });

  it.skipIf(!hasOpenssl())('is refused by openssl and by vottur with one byte of payload or signature changed', () => {
    const sig = Buffer.from(envelope.signatures[0].sig, 'base64');
    const badPayload = Buffer.from(payload);
    badPayload[5] ^= 0x01;
    const badSig = Buffer.from(sig);
    badSig[10] ^= 0x01;
    expect(opensslVerifies(kind, type, badPayload, sig)).toBe(false);
    expect(opensslVerifies(kind, type, payload, badSig)).toBe(false);
    expect(
      verifyEnvelope({ ...envelope, payload: badPayload.toString('base64') }, keys[kind].publicKey),
    ).toBeUndefined();
    expect(
      verifyEnvelope(
        { ...envelope, signatures: [{ keyid: '', sig: badSig.toString('base64') }] },
        keys[kind].publicKey,
      ),
    ).toBeUndefined();
    // The type is signed too: an envelope relabelled is refused.
    expect(verifyEnvelope({ ...envelope, payloadType: 'text/plain' }, keys[kind].publicKey)).toBeUndefined();
  });

  it('is refused for any byte of the payload or signature changed (property)', () => {
    const sig = Buffer.from(envelope.signatures[0].sig, 'base64');
    fc.assert(
      fc.property(fc.boolean(), fc.nat(), fc.integer({ min: 1, max: 255 }), (inPayload, position, mask) => {
        const bytes = Buffer.from(inPayload ? payload : sig);
        bytes[position % bytes.length] ^= mask;
        const changed = inPayload
          ? { ...envelope, payload: bytes.toString('base64') }
          : { ...envelope, signatures: [{ keyid: envelope.signatures[0].keyid, sig: bytes.toString('base64') }] };
        return verifyEnvelope(changed, keys[kind].publicKey) === undefined;
      }),
      { numRuns: 200 },
    );
  });
});

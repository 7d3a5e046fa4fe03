/**
 * DSSE (Dead Simple Signing Envelope, secure-systems-lab/dsse v1): the signature is over the
 * pre-authentication encoding `DSSEv1 <len> <type> <len> <body>`, never over the JSON around it, so
 * any DSSE verifier (sigstore-js, in-toto, `openssl pkeyutl` over these bytes) checks it. Keys are
 * PEM, Ed25519 or ECDSA P-256, read by node:crypto; nothing here touches a file or the environment.
 */
import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { CouldNotRunError, errorMessage } from '../errors.js';

export interface DsseSignature {
  keyid: string;
  sig: string;
}

export interface DsseEnvelope {
  payloadType: string;
  /** Base64 (standard alphabet) of the payload bytes. */
  payload: string;
  signatures: DsseSignature[];
}

/** DSSE's pre-authentication encoding: lengths are byte counts, in decimal ASCII. */
export function pae(payloadType: string, payload: Buffer): Buffer {
  const type = Buffer.from(payloadType, 'utf8');
  return Buffer.concat([Buffer.from(`DSSEv1 ${type.length} `), type, Buffer.from(` ${payload.length} `), payload]);
}

export type KeyKind = 'ed25519' | 'ecdsa-p256';

/** What kind of key this is, or a one-line refusal: only the two algorithms DSSE verifiers commonly take. */
export function keyKind(key: KeyObject): KeyKind {
  if (key.asymmetricKeyType === 'ed25519') return 'ed25519';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'ecdsa-p256';
  throw new CouldNotRunError(
    `the key is ${key.asymmetricKeyType ?? 'not an asymmetric key'}${key.asymmetricKeyDetails?.namedCurve ? ` (${key.asymmetricKeyDetails.namedCurve})` : ''}; give an Ed25519 or ECDSA P-256 key in PEM`,
  );
}

/** A private key from PEM text; `shown` names where it came from in the one-line refusal. */
export function privateKeyFrom(pem: string, shown: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem, format: 'pem' });
  } catch (error) {
    throw new CouldNotRunError(
      `${shown} is not a PEM private key (${errorMessage(error)}); give an Ed25519 or ECDSA P-256 key, e.g. from openssl genpkey -algorithm ed25519`,
    );
  }
  keyKind(key);
  return key;
}

/** A public key from PEM text (a private key's PEM gives its public half). */
export function publicKeyFrom(pem: string, shown: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey({ key: pem, format: 'pem' });
  } catch (error) {
    throw new CouldNotRunError(
      `${shown} is not a PEM public key (${errorMessage(error)}); give the Ed25519 or ECDSA P-256 public key the attestation was signed with`,
    );
  }
  keyKind(key);
  return key;
}

/** The key id written beside a signature: the SHA-256 of the public key's DER (SubjectPublicKeyInfo). */
export function keyId(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  return createHash('sha256')
    .update(publicKey.export({ format: 'der', type: 'spki' }))
    .digest('hex');
}

/**
 * ECDSA signatures in DER (as openssl and sigstore-js expect them); Ed25519 is pure (no digest).
 */
function algorithm(key: KeyObject): string | null {
  return keyKind(key) === 'ed25519' ? null : 'sha256';
}

export function signEnvelope(payloadType: string, payload: Buffer, privateKey: KeyObject): DsseEnvelope {
  const sig = sign(algorithm(privateKey), pae(payloadType, payload), privateKey);
  return {
    payloadType,
    payload: payload.toString('base64'),
    signatures: [{ keyid: keyId(privateKey), sig: sig.toString('base64') }],
  };
}

/** Whether a value has the envelope's shape; the reason when not. */
export function envelopeProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'it is not a JSON object';
  const envelope = value as Partial<Record<keyof DsseEnvelope, unknown>>;
  if (typeof envelope.payloadType !== 'string') return 'it has no payloadType';
  if (typeof envelope.payload !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(envelope.payload))
    return 'its payload is not base64';
  if (!Array.isArray(envelope.signatures) || envelope.signatures.length === 0) return 'it has no signatures';
  for (const signature of envelope.signatures as unknown[]) {
    if (typeof signature !== 'object' || signature === null || typeof (signature as DsseSignature).sig !== 'string')
      return 'a signature has no sig';
  }
  return undefined;
}

/**
 * The payload when one signature verifies under the key over the envelope's own type and payload;
 * undefined otherwise. Every signature is tried (a key id is a hint, not a proof).
 */
export function verifyEnvelope(envelope: DsseEnvelope, publicKey: KeyObject): Buffer | undefined {
  const payload = Buffer.from(envelope.payload, 'base64');
  // Base64 that does not round-trip was altered: Node's decoder skips what it cannot read.
  if (payload.toString('base64') !== envelope.payload) return undefined;
  const bytes = pae(envelope.payloadType, payload);
  for (const signature of envelope.signatures) {
    const sig = Buffer.from(signature.sig, 'base64');
    if (sig.toString('base64') !== signature.sig) continue;
    if (verify(algorithm(publicKey), bytes, publicKey, sig)) return payload;
  }
  return undefined;
}

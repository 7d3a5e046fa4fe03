/**
 * A service's attestation state (src/catalogue/attestations.ts): what an outside try of issue 41
 * found weak — a record of another description with the same title, and of a later version,
 * made a service "attested for an earlier version".
 */
import { describe, expect, it } from 'vitest';
import { attestationOf, type AttestationRecord } from '../../src/catalogue/attestations.js';

const record = (over: Partial<AttestationRecord>): AttestationRecord => ({
  source: 'a.intoto.json',
  keyId: 'k',
  key: 'key.pem',
  signedAt: '2026-11-01T00:00:00Z',
  verdict: 'pass',
  score: 100,
  grade: 'A',
  root: 'd-old',
  ...over,
});

describe('attestationOf', () => {
  const service = { sha256: 'd-now', title: 'User profile', version: '2.0.0' };

  it('is attested for the bytes a record names', () => {
    expect(attestationOf(service, undefined, [record({ root: 'd-now' })]).state).toBe('attested');
  });

  it('is attested for an earlier version when a record names the previous harvest', () => {
    expect(attestationOf(service, { sha256: 'd-old' }, [record({})]).state).toBe('earlier');
  });

  it('is attested for an earlier version when a record has its title and a lower version', () => {
    expect(attestationOf(service, undefined, [record({ title: 'User profile', version: '1.4.0' })]).state).toBe(
      'earlier',
    );
  });

  it('is attested for an earlier version by a record of its title and version, other bytes (changed since)', () => {
    expect(attestationOf(service, undefined, [record({ title: 'User profile', version: '2.0.0' })]).state).toBe(
      'earlier',
    );
  });

  it('is not attested by a record of the same title and a later or unreadable version', () => {
    for (const version of ['9.9.9', '2.0.1', 'draft', undefined])
      expect(
        attestationOf(service, undefined, [
          record({ title: 'User profile', ...(version !== undefined ? { version } : {}) }),
        ]).state,
      ).toBe('none');
  });
});

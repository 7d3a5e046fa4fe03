/** The forged-token set: tokens no server may accept, made from the real token where there is one. */
import { describe, expect, it } from 'vitest';
import { forgedTokens, withToken, type Credentials } from '../../src/contract/auth.js';

function credentials(full: Record<string, string>): Credentials {
  return { base: {}, full, secrets: [], hasCredentials: true };
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const REAL = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64({ sub: 'client', scope: 'read', exp: 2_000_000_000 })}.c2lnbmF0dXJlLW9mLXRoZS1yZWFsLXRva2Vu`;

describe('forgedTokens', () => {
  it('with a real JWT: garbage, an unsigned alg "none" token with its claims, and the token with its signature changed', () => {
    const tokens = forgedTokens(credentials({ Authorization: `Bearer ${REAL}` }));
    expect(tokens.map(([, what]) => what)).toEqual([
      'a garbage token',
      'an unsigned alg "none" token',
      'the real token with its signature changed',
    ]);
    const [, none, broken] = tokens.map(([token]) => token);
    const [header, claims, signature] = (none ?? '').split('.');
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toEqual({ alg: 'none', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(claims ?? '', 'base64url').toString())).toEqual({
      sub: 'client',
      scope: 'read',
      exp: 2_000_000_000,
    });
    expect(signature).toBe('');
    expect(broken).not.toBe(REAL);
    expect(broken?.split('.').slice(0, 2)).toEqual(REAL.split('.').slice(0, 2));
  });

  it('without a JWT (an opaque token or none): garbage and an unsigned token with plausible claims', () => {
    const headers: Array<Record<string, string>> = [{ Authorization: 'Bearer opaque-token' }, {}];
    for (const full of headers) {
      const tokens = forgedTokens(credentials(full));
      expect(tokens.map(([, what]) => what)).toEqual(['a garbage token', 'an unsigned alg "none" token']);
      const claims = JSON.parse(Buffer.from(tokens[1]?.[0].split('.')[1] ?? '', 'base64url').toString());
      expect(claims).toMatchObject({ sub: 'vottur-forged', scope: '' });
    }
  });

  it('withToken replaces the Authorization header, whatever its case, and keeps the others', () => {
    expect(withToken(credentials({ authorization: 'Bearer x', 'X-Road-Client': 'IS/GOV/1/a' }), 'forged')).toEqual({
      'X-Road-Client': 'IS/GOV/1/a',
      Authorization: 'Bearer forged',
    });
  });
});

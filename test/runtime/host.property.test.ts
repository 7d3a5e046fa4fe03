/**
 * Issue 34: a host is judged by what it is, not how it is spelt. Credentials go only to hosts the
 * operator named, and plain HTTP only to this machine; `http://0x7f.1/`, `http://2130706433/`,
 * `http://0177.0.0.1/`, `http://127.1/`, `http://[::ffff:127.0.0.1]/` and `http://localhost./` name
 * one machine, and each judgement (the policy's host, its token URL, loopback, the plain-HTTP
 * refusal, an origin for redirects and remote `$ref`s, the token endpoint's scheme check) gives
 * every spelling of one address the same answer (src/runtime/host.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostKey, isLoopbackHost, sameOrigin, urlHostKey } from '../../src/runtime/host.js';
import { hostOf, isLoopback, normalisedUrl, plainHttpRefusal } from '../../src/policy/index.js';
import { obtainCredentials } from '../../src/contract/auth.js';

const byte = fc.integer({ min: 0, max: 255 });
const ipv4 = fc.tuple(byte, byte, byte, byte);

/** One part of an IPv4 address in a radix the WHATWG parser reads: decimal, octal (leading 0), hex (0x, either case). */
function part(value: number, radix: 'dec' | 'oct' | 'hex' | 'HEX'): string {
  if (radix === 'oct') return `0${value.toString(8)}`;
  if (radix === 'hex') return `0x${value.toString(16)}`;
  if (radix === 'HEX') return `0X${value.toString(16).toUpperCase()}`;
  return String(value);
}
const radix = fc.constantFrom<'dec' | 'oct' | 'hex' | 'HEX'>('dec', 'oct', 'hex', 'HEX');

/** Every way of writing one IPv4 address in a URL's host that names it. */
const ipv4Spelling = (address: [number, number, number, number]): fc.Arbitrary<string> => {
  const [a, b, c, d] = address;
  const hex16 = (n: number) => n.toString(16);
  return fc.oneof(
    fc
      .tuple(radix, radix, radix, radix)
      .map(([w, x, y, z]) => `${part(a, w)}.${part(b, x)}.${part(c, y)}.${part(d, z)}`),
    // Three parts (the last 16 bits), two (the last 24), one (all 32).
    fc.tuple(radix, radix, radix).map(([w, x, y]) => `${part(a, w)}.${part(b, x)}.${part(c * 256 + d, y)}`),
    fc.tuple(radix, radix).map(([w, x]) => `${part(a, w)}.${part(b * 65536 + c * 256 + d, x)}`),
    radix.map((w) => part(((a * 256 + b) * 256 + c) * 256 + d, w)),
    // The fully qualified spelling, and IPv4-mapped IPv6 in its forms.
    fc.constant(`${a}.${b}.${c}.${d}.`),
    fc.constant(`[::ffff:${a}.${b}.${c}.${d}]`),
    fc.constant(`[0:0:0:0:0:FFFF:${a}.${b}.${c}.${d}]`),
    fc.constant(`[::ffff:${hex16(a * 256 + b)}:${hex16(c * 256 + d)}]`),
  );
};

/** An IPv6 address (not IPv4-mapped) and ways of writing it: every group, leading zeros, upper case, compressed. */
const group = fc.integer({ min: 0, max: 0xffff });
const ipv6 = fc.oneof(
  fc.array(group, { minLength: 8, maxLength: 8 }),
  // Many zero groups, so the compressed forms are exercised; ::1 among them.
  fc.constantFrom([0, 0, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 0, 2], [0xfe80, 0, 0, 0, 0, 0, 0, 1]),
);
const ipv6Spelling = (groups: readonly number[]): fc.Arbitrary<string> =>
  fc.constantFrom(
    `[${groups.map((g) => g.toString(16)).join(':')}]`,
    `[${groups.map((g) => g.toString(16).padStart(4, '0')).join(':')}]`,
    `[${groups.map((g) => g.toString(16).toUpperCase()).join(':')}]`,
    `[${compressed(groups)}]`,
  );
function compressed(groups: readonly number[]): string {
  // The longest run of zero groups as `::`.
  let best = [-1, 0];
  for (let i = 0; i < 8; i++) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > (best[1] ?? 0)) best = [i, j - i];
  }
  const [start = -1, length = 0] = best;
  if (length < 2) return groups.map((g) => g.toString(16)).join(':');
  const hex = (list: number[]) => list.map((g) => g.toString(16)).join(':');
  return `${hex(groups.slice(0, start))}::${hex(groups.slice(start + length))}`;
}

/** Everything judged of a URL naming this host: equal for two spellings of one address. */
function judgements(host: string) {
  const url = `http://${host}:8080/token`;
  return {
    hostOf: hostOf(url),
    loopback: isLoopback(url),
    plainHttpRefused: plainHttpRefusal(url) !== undefined,
    tokenUrl: normalisedUrl(url),
  };
}

describe('one judgement of a host, whatever its spelling', () => {
  it('every spelling of an IPv4 address gets the same judgements, loopback exactly for 127.0.0.0/8', () => {
    fc.assert(
      fc.property(
        ipv4.chain((address) => fc.tuple(fc.constant(address), ipv4Spelling(address), ipv4Spelling(address))),
        ([address, one, other]) => {
          const dotted = address.join('.');
          expect(judgements(one)).toEqual(judgements(dotted));
          expect(judgements(other)).toEqual(judgements(dotted));
          expect(judgements(one).loopback).toBe(address[0] === 127);
          expect(sameOrigin(new URL(`http://${one}:1/a`), new URL(`http://${other}:1/b`))).toBe(true);
          expect(hostKey(one.replace(/^\[|\]$/g, ''))).toBe(dotted);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('every spelling of an IPv6 address gets the same judgements, loopback exactly for ::1', () => {
    fc.assert(
      fc.property(
        ipv6.chain((groups) => fc.tuple(fc.constant(groups), ipv6Spelling(groups), ipv6Spelling(groups))),
        ([groups, one, other]) => {
          expect(judgements(one)).toEqual(judgements(other));
          const isOne = groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1;
          expect(judgements(one).loopback).toBe(isOne);
          expect(sameOrigin(new URL(`http://${one}/`), new URL(`http://${other}/`))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a name in any case, with the trailing dot of its full spelling or without, is one name', () => {
    const name = fc.constantFrom('localhost', 'api.example.is', 'foo.localhost', 'localhost.example.is');
    const cased = (text: string) =>
      fc
        .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
        .map((upper) => [...text].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));
    fc.assert(
      fc.property(
        name.chain((n) => fc.tuple(fc.constant(n), cased(n), fc.boolean())),
        ([plain, spelt, dot]) => {
          const host = dot ? `${spelt}.` : spelt;
          expect(judgements(host)).toEqual(judgements(plain));
          // Only `localhost` itself: a name under it may reach DNS.
          expect(judgements(host).loopback).toBe(plain === 'localhost');
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the spellings the attack used', () => {
    for (const host of ['0x7f.1', '2130706433', '0177.0.0.1', '127.1', '[::ffff:127.0.0.1]', '[::1]', 'localhost.'])
      expect(isLoopback(`http://${host}/`), host).toBe(true);
    expect(urlHostKey('http://[::ffff:127.0.0.1]/')).toBe('127.0.0.1');
    expect(urlHostKey('http://LOCALHOST./')).toBe('localhost');
    // Not this machine: another address, a name under .localhost, the unspecified address.
    for (const host of ['0x7e.1', '128.0.0.1', 'a.localhost', '[::2]', '0.0.0.0', '[::]', 'localhost.evil.is'])
      expect(isLoopback(`http://${host}/`), host).toBe(false);
    expect(isLoopbackHost(undefined)).toBe(false);
    // A host of a policy's list beside a port, a path or a user is no host.
    expect(hostKey('api.example.is:443')).toBeUndefined();
    expect(hostKey('user@api.example.is')).toBeUndefined();
    expect(hostKey('::1')).toBe('::1');
  });

  it('the token endpoint takes plain HTTP to any spelling of this machine, and to no other host', async () => {
    const attempt = async (tokenUrl: string): Promise<string> => {
      try {
        await obtainCredentials(
          { oauth: { tokenUrl, clientId: 'c', clientSecret: 's' } },
          { requiredScopes: [], wantNoScope: false, timeoutMs: 500 },
        );
        return 'obtained';
      } catch (error) {
        return (error as Error).message;
      }
    };
    // Port 9 (discard) on this machine: nothing answers, so the token request fails after the scheme check passed.
    for (const host of ['[::ffff:7f00:1]', 'localhost.', '0x7f.1', '[0:0:0:0:0:0:0:1]']) {
      const message = await attempt(`http://${host}:9/token`);
      expect(message, host).not.toContain('must use https');
      expect(message, host).toContain('cannot obtain a token');
    }
    expect(await attempt('http://[::ffff:7e00:1]:9/token')).toContain('must use https');
  });
});

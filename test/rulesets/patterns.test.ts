/**
 * Patterns from a description run in linear time (rulesets/lib/patterns.ts): ECMA-262 patterns
 * are written out for RE2 with JavaScript's meanings kept, and what RE2 cannot run is refused
 * with a reason, never handed to a backtracking engine.
 */
import { describe, expect, it } from 'vitest';
import { compilePattern, isTenDigitPattern, tenWithNonDigit } from '../../rulesets/lib/conventions.js';
import { compileSafePattern } from '../../rulesets/lib/patterns.js';

const matches = (pattern: string, text: string) => {
  const compiled = compileSafePattern(pattern);
  if (!compiled.ok) throw new Error(compiled.reason);
  return compiled.regex.test(text);
};

describe('compileSafePattern', () => {
  it('agrees with JavaScript on the patterns descriptions use', () => {
    const cases: Array<[string, string]> = [
      ['^[0-9]{10}$', '0101302989'],
      ['^[0-9]{10}$', '010130-2989'],
      ['^[A-Z]{3}$', 'ISK'],
      ['^[a-z]{2}$', 'IS'],
      ['^[0-9]+(\\.[0-9]+)?$', '1500.50'],
      ['^[\\w.-]+@[\\w-]+\\.\\w+$', 'a.b@island.is'],
      ['^\\u00c1\\S*$', 'Ásta'],
      ['^\\s+$', '\u00a0\u3000'],
      ['^\\S+$', 'a\u2003b'],
      ['^a.b$', 'a\u2028b'],
      ['^\\p{L}+$', 'Þórunn'],
      ['[^]', '\n'],
      ['[]', 'x'],
      ['(?<year>\\d{4})-\\d{2}', '2024-05'],
      ['\\bis\\b', 'this is'],
      ['^[^\\d\\s]+$', 'abc'],
      ['^\\-?\\d+$', '-12'],
    ];
    for (const [pattern, text] of cases) {
      let flags = 'u';
      try {
        new RegExp(pattern, 'u');
      } catch {
        flags = '';
      }
      expect(matches(pattern, text), `${pattern} on ${JSON.stringify(text)}`).toBe(
        new RegExp(pattern, flags).test(text),
      );
    }
  });

  it('matches ^(a+)+$ against 100,000 characters in linear time', () => {
    expect(matches('^(a+)+$', `${'a'.repeat(100_000)}!`)).toBe(false);
    expect(matches('^(a+)+$', 'a'.repeat(100_000))).toBe(true);
  });

  it('refuses what a linear-time engine cannot run, saying why', () => {
    expect(compileSafePattern('^(?=.*\\d)\\w+$')).toEqual({
      ok: false,
      reason: 'it uses a lookahead (`(?=.*\\d)`), which a linear-time engine cannot run',
    });
    expect(compileSafePattern('(?<!x)y')).toMatchObject({ ok: false, reason: expect.stringMatching(/lookbehind/) });
    expect(compileSafePattern('(a)\\1')).toMatchObject({ ok: false, reason: expect.stringMatching(/backreference/) });
    expect(compileSafePattern('a{2000}')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/more than 1000 times/),
    });
    expect(compileSafePattern('[')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not a valid regular expression/),
    });
  });

  it('matches a pattern of plain characters as text, as JavaScript and the linear-time engine do', () => {
    // Stripe's patterns (`^/v1/accounts`) are matched without an engine; the same pattern in a group
    // (`^(?:/v1/accounts)`) goes through regexpp and re2js: the answers must be the same.
    const patterns = [
      '^/v1/accounts',
      '/v1/accounts',
      'accounts$',
      '^/v1/accounts$',
      '^$',
      '^',
      '$',
      '',
      'a-b_c:d,e=f@g%h i',
    ];
    const texts = [
      '/v1/accounts',
      '/v1/accounts/acct_1',
      'x/v1/accounts',
      '/v1/account',
      'my accounts',
      'accounts\n',
      '',
      'a-b_c:d,e=f@g%h i!',
    ];
    for (const pattern of patterns) {
      const [, start = '', text = '', end = ''] = /^(\^?)(.*?)(\$?)$/.exec(pattern) ?? [];
      const grouped = `${start}(?:${text})${end}`;
      for (const value of texts) {
        const expected = new RegExp(pattern, 'u').test(value);
        expect(matches(pattern, value), `${pattern} on ${JSON.stringify(value)}`).toBe(expected);
        expect(matches(grouped, value), `${grouped} on ${JSON.stringify(value)}`).toBe(expected);
      }
      expect(String(compilePattern(pattern))).toBe(`/${pattern}/`);
    }
    // Not plain: a dot, a class, an escape or a case-insensitive match take the engine.
    expect(matches('^a.c$', 'abc')).toBe(true);
    expect(matches('^a\\.c$', 'abc')).toBe(false);
    const insensitive = compileSafePattern('^abc$', { ignoreCase: true });
    expect(insensitive.ok && insensitive.regex.test('ABC')).toBe(true);
  });

  it('is what the lint conventions use', () => {
    expect(compilePattern('(?!0)\\d{10}')).toBeUndefined();
    expect(isTenDigitPattern('^[0-9]{10}$')).toBe(true);
    expect(isTenDigitPattern('^(([0-9]+)+)+$')).toBe(false);
  });

  it('tells a ten-digit pattern from one that lets a letter in at some place', () => {
    expect(tenWithNonDigit('^\\d{6}[A-Z0-9]{3}\\d{1}$')).toBe('010130A989');
    expect(isTenDigitPattern('^\\d{6}[A-Z0-9]{3}\\d{1}$')).toBe(false);
    expect(isTenDigitPattern('^[0-9a-f]{10}$')).toBe(false);
    expect(isTenDigitPattern('^\\d{9}.$')).toBe(false);
    expect(tenWithNonDigit('^\\d{6}-?\\d{4}$')).toBeUndefined();
    expect(isTenDigitPattern('^\\d{6}\\d{4}$')).toBe(true);
    expect(isTenDigitPattern('^[0-9]{10}$')).toBe(true);
  });
});

/**
 * Issue 34, outside attack o34r12 on the masker.
 * - B5: `lint --gate -f html` on a title of 64,000 escaped full-width digits (`\uff11…` in a YAML
 *   double-quoted string) took 104 s: the spread-out identifier expression read a `\uXXXX` escape
 *   as an invisible character and started a match at the digits inside each escape, so every escape
 *   scanned the whole run again (quadratic). U+FEFF, both white space and a format character, could
 *   be split between the parts of a gap in many ways (400 of them: two minutes). The expression now
 *   starts no match inside an escape and its classes are disjoint. No timed assertion: inputs whose
 *   cost was quadratic or worse at these sizes (hours) finish within vitest's default timeout, and
 *   what is masked is checked on the output.
 * - B7: `010130<X>2989` where X is a letter that looks like a dash (U+30FC, U+FF70, U+4E00, U+1173,
 *   U+02C9, U+0640, U+07FA) was shown: any one character that is neither a digit nor an ASCII letter
 *   now stands between the six digits and the four.
 */
import { describe, expect, it } from 'vitest';
import { maskNationalIds, maskSourceLine } from '../src/pii.js';

describe('the masker is linear on long runs (B5)', () => {
  it('200,000 escaped digits, escaped invisible characters and U+FEFF after a digit: shown as written', () => {
    for (const text of [
      `  title: "T ${'\\uff11'.repeat(200_000)}"`,
      `  title: "T ${'\\u0661'.repeat(200_000)}"`,
      `0123456789 1${'\\u2060'.repeat(200_000)}x`,
      `0123456789 1${'\ufeff'.repeat(200_000)}x`,
      `1${' \ufeff'.repeat(100_000)}x`,
    ]) {
      expect(maskNationalIds(text)).toBe(text);
      expect(maskSourceLine(text)).toBe(text);
    }
  });

  it('still masks what the expression is for: invisible characters and escapes between the digits', () => {
    expect(maskNationalIds('T 0101\ufeff30\ufeff2989')).toBe('T 0101\ufeff30\ufeff****');
    expect(maskNationalIds('T 010130\ufeff\ufeff 2989')).toBe('T 010130\ufeff\ufeff ****');
    expect(maskNationalIds('T 0101\\u200b302989')).toBe('T 0101\\u200b30****');
    // An escaped identifier among 64,000 escaped full-width digits, as a source line shows it.
    const line = `  title: "T ${'\\uff11'.repeat(64_000)} \\uff10\\uff11\\uff10\\uff11\\uff13\\uff10\\uff12\\uff19\\uff18\\uff19"`;
    const masked = maskSourceLine(line);
    expect(
      masked.startsWith(`  title: "T ${'\\uff11'.repeat(64_000)} \\uff10\\uff11\\uff10\\uff11\\uff13\\uff10`),
    ).toBe(true);
    expect(masked).not.toContain('\\uff12\\uff19\\uff18\\uff19');
  });
});

describe('one character between the six digits and the four, whatever it is (B7)', () => {
  const lookAlikes = ['\u30fc', '\uff70', '\u4e00', '\u1173', '\u02c9', '\u0640', '\u07fa', '\u16eb', '\u2e3a', 'é'];
  it.each(lookAlikes)('010130 U+%s 2989 is masked', (mark) => {
    expect(maskNationalIds(`T 010130${mark}2989`)).toBe(`T 010130${mark}****`);
    // With a space beside it (at most three such characters in all).
    expect(maskNationalIds(`T 010130${mark} 2989`)).toBe(`T 010130${mark} ****`);
  });

  it('ordinary numbers are left as written: an ASCII letter, a wrong check digit, a date that does not exist, more digits', () => {
    for (const text of [
      'order 010130a2989',
      'order 010130Z2989',
      'T 010130\u30fc2979',
      'T 320130\u30fc2989',
      'T 0101301\u30fc2989',
      'T 010130\u30fc29891',
      'T 010130\u30fc\u30fc\u30fc\u30fc2989',
    ])
      expect(maskNationalIds(text)).toBe(text);
  });
});

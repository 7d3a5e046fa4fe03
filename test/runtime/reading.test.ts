/**
 * The reading of a text (src/runtime/reading.ts): what a person reads, set apart from how each
 * character is drawn and what stands between characters (issue 34, attack o34r17 B5–B7).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reading, readingText } from '../../src/runtime/reading.js';

describe('reading', () => {
  it('reads the same for every drawing of a word a person reads the same', () => {
    const plain = readingText('SECRET-TOKEN-ABC123');
    for (const drawn of [
      'S E C R E T - T O K E N - A B C 1 2 3',
      'S.E.C.R.E.T.-.T.O.K.E.N.-.A.B.C.1.2.3',
      'ＳＥＣＲＥＴ－ＴＯＫＥＮ－ＡＢＣ１２３',
      '𝐒𝐄𝐂𝐑𝐄𝐓-𝐓𝐎𝐊𝐄𝐍-𝐀𝐁𝐂𝟏𝟐𝟑',
      'S\u0301E\u0301C\u0301R\u0301E\u0301T\u0301-TOKEN-ABC123',
      'S\u0415\u0421R\u0415\u0422-\u0422OK\u0415N-\u0410BC123',
      'secretTokenAbc123',
    ])
      expect(readingText(drawn), drawn).toBe(plain);
  });

  it('reads signs as nothing, even those drawn like letters (`%` is drawn like `º/₀`)', () => {
    expect(readingText('%25 & ~ + / = :')).toBe(readingText('25'));
  });

  it('reads a letter the same in either case, look-alikes included (o34r18 B2: `I` read `l` and `i` read `i`)', () => {
    for (const [a, b] of [
      ['I', 'i'],
      ['M', 'm'],
      ['\u0422', '\u0442'],
      ['\u0422', 't'],
      ['GHP_AB3DEFGH1JKLMNOPQR', 'ghp_ab3defgh1jklmnopqr'],
    ])
      expect(readingText(a), `${a} ${b}`).toBe(readingText(b));
  });

  it('keeps different words different', () => {
    expect(readingText('secret')).not.toBe(readingText('secrets'));
    expect(readingText('abc')).not.toBe(readingText('abd'));
  });

  it('places each character of the reading in the text it came from (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const read = reading(text);
        expect(read.from.length).toBe(read.text.length);
        expect(read.to.length).toBe(read.text.length);
        for (let i = 0; i < read.text.length; i++) {
          const [from, to] = [read.from[i], read.to[i]];
          expect(from).toBeLessThan(to);
          expect(to).toBeLessThanOrEqual(text.length);
          // The character it came from reads as something that holds it.
          expect(readingText(text.slice(from, to))).toContain(read.text[i]);
        }
      }),
      { numRuns: 500 },
    );
  });
});

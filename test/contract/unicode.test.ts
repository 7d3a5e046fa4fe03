/** Generated text beyond ASCII: look-alikes a pattern must refuse, and a non-ASCII case for every kind of string input. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coverageCases } from '../../src/contract/generate/cases.js';
import { validArbitrary } from '../../src/contract/generate/arbitraries.js';
import { flattenSchema } from '../../src/contract/generate/schema.js';
import {
  anyCodePoint,
  fitLength,
  hasNonAscii,
  lookAlikes,
  unicodeString,
} from '../../src/contract/generate/unicode.js';

const flat = (schema: object, name?: string) => flattenSchema({ openapi: '3.0.3' }, schema, name);

describe('lookAlikes', () => {
  it('writes the digits in Arabic-Indic and full-width forms, and one letter in Cyrillic', () => {
    expect(lookAlikes('0101302989').map((alike) => [alike.what, alike.value])).toEqual([
      ['Arabic-Indic digits', '٠١٠١٣٠٢٩٨٩'],
      ['full-width digits', '０１０１３０２９８９'],
    ]);
    expect(lookAlikes('Accept')).toEqual([{ what: 'a Cyrillic look-alike letter', value: 'Аccept' }]);
  });
});

describe('coverage cases beyond ASCII', () => {
  it('refuses look-alike digits for ^[0-9]{10}$', () => {
    const cases = coverageCases(flat({ type: 'string', pattern: '^[0-9]{10}$' }));
    expect(
      cases.some(
        (c) =>
          !c.valid && /^[\u0660-\u0669]{10}$/.test(String(c.value)) && c.constraint.endsWith('(Arabic-Indic digits)'),
      ),
    ).toBe(true);
    expect(
      cases.some(
        (c) =>
          !c.valid && /^[\uFF10-\uFF19]{10}$/.test(String(c.value)) && c.constraint.endsWith('(full-width digits)'),
      ),
    ).toBe(true);
  });

  it('gives every kind of string schema a value beyond ASCII', () => {
    const schemas = [
      { type: 'string' },
      { type: 'string', maxLength: 3 },
      { type: 'string', minLength: 20, maxLength: 30 },
      { type: 'string', pattern: '^[0-9]{10}$' },
      { type: 'string', pattern: '^.+$' },
      { type: 'string', pattern: '^[A-Z_]+$' },
      { type: 'string', format: 'date-time' },
      { type: 'string', format: 'uuid' },
      { type: 'string', format: 'email' },
      { type: 'string', enum: ['FIRST_PARTY', 'THIRD_PARTY'] },
    ];
    for (const schema of schemas) {
      const cases = coverageCases(flat(schema));
      expect(
        cases.some((c) => hasNonAscii(c.value)),
        JSON.stringify(schema),
      ).toBe(true);
    }
    // A national identifier (by its name) is refused in other scripts' digits.
    const nationalId = coverageCases(flat({ type: 'string' }, 'nationalId'));
    expect(nationalId.filter((c) => !c.valid && hasNonAscii(c.value)).map((c) => c.constraint)).toEqual([
      'a national identifier in Arabic-Indic digits',
      'a national identifier in full-width digits',
    ]);
  });

  it('a free string gets Icelandic letters, combining marks, astral characters, right-to-left and zero-width text, all valid and in length', () => {
    const cases = coverageCases(flat({ type: 'string', minLength: 2, maxLength: 12 })).filter(
      (c) => c.valid && hasNonAscii(c.value),
    );
    expect(cases.map((c) => c.constraint)).toEqual([
      'Icelandic letters',
      'combining marks',
      'characters outside the Basic Multilingual Plane',
      'right-to-left text',
      'zero-width characters',
    ]);
    for (const c of cases) expect([...String(c.value)].length).toBeLessThanOrEqual(12);
  });
});

describe('fuzzed strings', () => {
  it('reach beyond ASCII: Icelandic letters, astral and control characters among them', () => {
    const samples = fc.sample(unicodeString(1, 24), { seed: 1, numRuns: 300 });
    expect(samples.filter(hasNonAscii).length).toBeGreaterThan(200);
    expect(samples.some((text) => /[þðæöÞÐÆÖ]/.test(text))).toBe(true);
    expect(samples.some((text) => [...text].some((c) => c.codePointAt(0)! > 0xffff))).toBe(true);
    // eslint-disable-next-line no-control-regex -- control characters are what this looks for
    expect(samples.some((text) => /[\u0000-\u001f\u007f]/.test(text))).toBe(true);
  });

  it('a free string schema fuzzes beyond ASCII within its length', () => {
    const values = fc.sample(validArbitrary(flat({ type: 'string', maxLength: 5 })), {
      seed: 3,
      numRuns: 100,
    }) as string[];
    expect(values.some(hasNonAscii)).toBe(true);
    for (const value of values) expect([...value].length).toBeLessThanOrEqual(5);
  });

  it("any code point is fast-check's `binary` unit, value for value, and shrinks without its 1.1-million-entry map", () => {
    // fc.sample(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), { seed: 35, numRuns: 8 }), fast-check 4.10.
    const binary = [0x10ffee, 0x10cee1, 0xdba5f, 0x9, 0x3, 0xe57e4, 0xc, 0xd07f7];
    const unit = fc.string({ unit: anyCodePoint, minLength: 1, maxLength: 1 });
    expect(fc.sample(unit, { seed: 35, numRuns: 8 }).map((text) => text.codePointAt(0))).toEqual(binary);
    // Shrinking a value it did not generate asks the unit for its index: the first and last code point
    // on either side of the surrogates round-trip; a lone surrogate and two code points are not units.
    for (const text of ['\u0000', '\ud7ff', '\ue000', '\u{10ffff}', 'a'])
      expect(anyCodePoint.canShrinkWithoutContext(text), JSON.stringify(text)).toBe(true);
    for (const text of ['\ud800', '\udfff', 'ab', '', 7])
      expect(anyCodePoint.canShrinkWithoutContext(text), JSON.stringify(text)).toBe(false);
  });

  it('fitLength cuts or repeats to the length range', () => {
    expect(fitLength('Þór', 5, 8)).toBe('ÞórÞór');
    expect(fitLength('Þórður', 0, 3)).toBe('Þór');
    expect(fitLength('x', 0, 0)).toBeUndefined();
  });
});

/**
 * The name conversions the naming rules and their fixes share (rulesets/lib/conventions.ts): a
 * letter beyond ASCII is spelt in ASCII before a name is split, so a fix never cuts a word at it
 * (`beløp` was advised as `belP`, `mánaðarlegarBætur` as `mNaArlegarbTur`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  asciiLetters,
  isStrictCamelCase,
  nameWords,
  toAllCaps,
  toCamelCase,
  toPascalCase,
} from '../../rulesets/lib/conventions.js';

describe('names with letters beyond ASCII', () => {
  it.each([
    ['beløp', 'belop'],
    ['mánaðarlegarBætur', 'manadarlegarBaetur'],
    ['kostnadurVegnaSkoðunar', 'kostnadurVegnaSkodunar'],
    ['Þjónusta_númer', 'thjonustaNumer'],
    ['Straße', 'strasse'],
    ['fødsels-nummer', 'fodselsNummer'],
  ])('%s → %s', (name, camel) => {
    expect(toCamelCase(name)).toBe(camel);
    expect(toPascalCase(name)).toBe(camel.charAt(0).toUpperCase() + camel.slice(1));
  });

  it('camelCase and kebab-case read ASCII letters; ALL_CAPS keeps every letter (issue 37, o37r11 W6)', () => {
    expect(asciiLetters('Æfing ÞÐØß')).toBe('Aefing ThDOss');
    expect(toAllCaps('Útrunnið æfing')).toBe('ÚTRUNNIÐ_ÆFING');
    expect(nameWords('upphæðKróna')).toEqual(['upphaed', 'krona']);
  });

  it('for any name, the camelCase advice is ASCII, reads the letters as their ASCII spelling, and strict advice is a fixed point', () => {
    const letter = fc.constantFrom(...'aAbBzZ09_- þÞðÐæÆøØßéÉöÖ.'.split(''));
    fc.assert(
      fc.property(
        fc.array(letter, { maxLength: 24 }).map((letters) => letters.join('')),
        (name) => {
          const camel = toCamelCase(name);
          expect(camel).toMatch(/^([a-z0-9][A-Za-z0-9]*)?$/);
          expect(toCamelCase(asciiLetters(name))).toBe(camel);
          if (isStrictCamelCase(camel)) expect(toCamelCase(camel)).toBe(camel);
        },
      ),
    );
  });
});

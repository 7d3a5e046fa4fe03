/** The report's stable order: the same as `localeCompare` gives, whichever way it is computed. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareText } from '../../src/report/finding.js';

describe('compareText', () => {
  it('orders rule ids and plain paths (lower-case letters, digits, - . /) as localeCompare does (property)', () => {
    const id = fc.string({ unit: fc.constantFrom('a', 'b', 'm', 'z', '0', '1', '9', '-', '.', '/'), maxLength: 12 });
    fc.assert(
      fc.property(id, id, (a, b) => {
        expect(Math.sign(compareText(a, b))).toBe(Math.sign(a.localeCompare(b)));
      }),
      { numRuns: 5000 },
    );
  });

  it('orders any other text as localeCompare does', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'A', 'b', 'B', '~', '/', '0', '-', '_', '.', 'é', ' '),
      maxLength: 8,
    });
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(Math.sign(compareText(a, b))).toBe(Math.sign(a.localeCompare(b)));
      }),
      { numRuns: 2000 },
    );
  });
});

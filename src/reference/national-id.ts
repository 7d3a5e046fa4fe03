/**
 * National identifiers (kennitölur) as the reference service checks them at its edge.
 *
 * The `kennitala` package (3.x) checks the form, the birth date and the century digit, but not
 * the check digit (`isValid('0101302979')` is true), so the check digit is computed here:
 * C = 11 − (Σ dᵢ·wᵢ mod 11) over the first eight digits with weights 3, 2, 7, 6, 5, 4, 3, 2;
 * 11 gives 0 and 10 means no identifier can have these eight digits (one implementation,
 * `nationalIdCheckDigit` in rulesets/lib/conventions.ts, shared with the contract checks).
 */
import { format, isCompany, isPerson, isTemporary } from 'kennitala';
import { nationalIdCheckDigit } from '../../rulesets/lib/conventions.js';

export { nationalIdCheckDigit };

/**
 * True for ten digits (no hyphen) whose ninth digit is the right check digit and whose date
 * part is a real date of a person or a company (day + 40), or a system identifier (8/9…).
 */
export function isValidNationalId(value: string): boolean {
  if (!/^[0-9]{10}$/.test(value)) return false;
  const digit = nationalIdCheckDigit(value.slice(0, 8));
  if (digit === undefined || digit !== Number(value[8])) return false;
  return isPerson(value) || isCompany(value) || isTemporary(value);
}

/** `0101302989` → `010130-2989`, the form the platform forbids in APIs (used by a fault mode). */
export function hyphenateNationalId(value: string): string {
  return /^[0-9]{10}$/.test(value) ? format(value, true) : value;
}

/**
 * Conventions the contract checks need beyond the shared ones in `rulesets/lib/conventions.ts`:
 * the national identifier's check digit, the values vottur derives for its probes (an identifier
 * that does not exist, one that is malformed), and how a parameter is recognised as a national
 * identifier.
 */
import { isValid as kennitalaDateIsValid } from 'kennitala';
import {
  hasValidCheckDigit,
  isNationalIdName,
  nationalIdCheckDigit,
  NATIONAL_ID,
  toCamelCase,
} from '../../rulesets/lib/conventions.js';

export { isPlatformDateTime, isNationalIdName } from '../../rulesets/lib/conventions.js';

/** The check digit of a national identifier's first eight digits (see rulesets/lib/conventions.ts). */
export const checkDigit = nationalIdCheckDigit;
export { hasValidCheckDigit };

/**
 * A national identifier of the right form that no one is expected to have: born 1 January 1905
 * (a person old enough that no profile on the portal is likely to belong to them), with a valid
 * check digit and century digit, and none of the values in `avoid`. Deterministic: the same
 * `avoid` list always gives the same identifier.
 *
 * (The `kennitala` package's `generatePerson` fills the check-digit position with a counter
 * rather than computing it, so vottur computes the digit itself and uses the package only to
 * confirm the date part.)
 */
export function notFoundNationalId(avoid: Iterable<unknown> = []): string {
  const avoided = new Set([...avoid].map(String));
  const datePart = '010105';
  for (let sequence = 20; sequence < 100; sequence++) {
    const firstEight = `${datePart}${String(sequence).padStart(2, '0')}`;
    const digit = checkDigit(firstEight);
    if (digit === undefined) continue;
    const candidate = `${firstEight}${digit}9`;
    if (avoided.has(candidate) || !kennitalaDateIsValid(candidate)) continue;
    return candidate;
  }
  throw new Error('vottur: no unused national identifier could be derived');
}

/** A value no server should accept as a national identifier. */
export const MALFORMED_NATIONAL_ID = 'not-a-national-id';
export const MALFORMED_UUID = 'not-a-uuid';
export const MALFORMED_INTEGER = 'not-a-number';
/** A well-formed UUID (version 4 layout) that names nothing. */
export const NOT_FOUND_UUID = '00000000-0000-4000-8000-000000000000';

/**
 * True when a parameter carries a national identifier: `nationalId`, `toNationalId`, the
 * kebab-case path form `to-national-id`, and the platform's header forms `X-Param-National-Id`
 * and `X-Query-National-Id`.
 */
export function isNationalIdParameter(name: string): boolean {
  const bare = name.replace(/^x-(param|query)-/i, '');
  return isNationalIdName(bare) || isNationalIdName(toCamelCase(bare));
}

/** `X-Param-To-National-Id` → the dot placeholder it stands for in the path, `.to-national-id`. */
export function placeholderForHeader(name: string): string | undefined {
  const [, placeholder] = /^x-param-(.+)$/i.exec(name) ?? [];
  return placeholder === undefined ? undefined : `.${placeholder.toLowerCase()}`;
}

export interface NationalIdProblem {
  /** What is wrong, in words for a message. */
  problem: string;
}

/** Checks one national-identifier value found in a payload; undefined when it is right. */
export function checkNationalIdValue(value: unknown): NationalIdProblem | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return { problem: 'is a number; write it as a string of ten digits' };
  if (typeof value !== 'string')
    return { problem: `is ${Array.isArray(value) ? 'an array' : `a ${typeof value}`}, not a string of ten digits` };
  if (/^\d{6}-\d{4}$/.test(value))
    return { problem: `has a hyphen; write it as ten digits without one (\`${value.replace('-', '')}\`)` };
  if (!NATIONAL_ID.test(value)) return { problem: 'is not ten digits' };
  // System identifiers (kerfiskennitölur) start with 8 or 9 and carry no check digit.
  if (!/^[89]/.test(value) && !hasValidCheckDigit(value)) return { problem: 'has a wrong check digit' };
  return undefined;
}

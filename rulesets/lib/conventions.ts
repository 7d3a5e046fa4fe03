/**
 * The platform's data-format conventions as code, shared by the lint rules and the contract
 * checks on live payloads (src/contract), so a description and a server are held to one form.
 */

/**
 * The platform's date-time: RFC 3339 in the form `yyyy-MM-ddThh:mm:ss.sssZ`: four-digit year,
 * month 01-12, day 01-31, hour 00-23, minute and second 00-59, a fraction of one or more digits
 * (required), and a zone `Z` or `+hh:mm` / `-hh:mm`.
 */
export const PLATFORM_DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d+(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

export function isPlatformDateTime(value: string): boolean {
  return PLATFORM_DATE_TIME.test(value);
}

/** The form of a national identifier in APIs: ten digits, no hyphen. */
export const NATIONAL_ID = /^\d{10}$/;

export function isNationalIdForm(value: unknown): boolean {
  return typeof value === 'string' && NATIONAL_ID.test(value);
}

/** Field and parameter names that hold a national identifier in the platform's form. */
export function isNationalIdName(name: string): boolean {
  return name === 'nationalId' || /^[a-z][a-zA-Z0-9]*NationalId$/.test(name);
}

/** The catalogue's `info.x-category` values. */
export const X_CATEGORY_VALUES = ['open', 'official', 'personal', 'health', 'financial'] as const;
/** The catalogue's `info.x-pricing` values. */
export const X_PRICING_VALUES = ['free', 'paid'] as const;

/** Semantic Versioning 2.0.0, the regular expression semver.org publishes. */
export const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

/** An amount: digits, optionally a dot and more digits (`[0-9]+(.[0-9]+)?`). */
export const AMOUNT = /^[0-9]+(\.[0-9]+)?$/;

/** ALL_CAPS enum values: upper-case letters, digits, underscores. */
export const ALL_CAPS = /^[A-Z0-9]+(_[A-Z0-9]+)*$/;
/** camelCase: starts lower-case, letters and digits only. */
export const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;
/** PascalCase: starts upper-case, letters and digits only. */
export const PASCAL_CASE = /^[A-Z][a-zA-Z0-9]*$/;
/** A static path segment: lower-case words joined by hyphens (a leading dot marks the platform's placeholders such as `.national-id`). */
export const KEBAB_SEGMENT = /^\.?[a-z0-9]+(-[a-z0-9]+)*$/;

/** Suggests a camelCase spelling of a name written in another style (`national_id` → `nationalId`). */
export function toCamelCase(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  return words.map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
}

export function toPascalCase(name: string): string {
  const camel = toCamelCase(name);
  return camel.charAt(0).toUpperCase() + camel.slice(1);
}

export function toAllCaps(value: string): string {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .join('_')
    .toUpperCase();
}

export function toKebabCase(segment: string): string {
  return segment
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .join('-')
    .toLowerCase();
}

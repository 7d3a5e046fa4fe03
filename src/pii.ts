/**
 * National identifiers are personal data: every report and log masks them unless the user
 * asks otherwise (`--show-pii`). The first six digits (a birth date) stay, so a reader can
 * still tell two identifiers apart in context: `0101302989` → `010130****`.
 */
const NATIONAL_ID = /(?<![\d])(\d{6})(-?)(\d{4})(?![\d])/g;

export function maskNationalIds(text: string): string {
  return text.replace(NATIONAL_ID, (_match, head: string, hyphen: string) => `${head}${hyphen}****`);
}

/** Masks every string inside a JSON-like value (keys included). */
export function maskDeep<T>(value: T): T {
  if (typeof value === 'string') return maskNationalIds(value) as T;
  if (Array.isArray(value)) return value.map((item) => maskDeep(item)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[maskNationalIds(key)] = maskDeep(item);
    return out as T;
  }
  return value;
}

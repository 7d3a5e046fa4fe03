/**
 * How the allOf merge (flatten.ts) combines a keyword that several parts define: a value must match
 * every part, so the merged view holds what all of them allow together. It was "the first
 * definition wins", which hid what a later part forbids (`type: number` + `allOf: [{type: integer}]`
 * read as number; attack o34r17 B3). Each keyword is combined by what it means:
 *
 * - `type`: the intersection (`integer` within `number`); `enum`: the values in every list; `const`:
 *   the one value, or nothing where two differ; an empty intersection allows no value at all;
 * - lower bounds the largest, upper bounds the smallest; `multipleOf` the least common multiple;
 *   `uniqueItems`, `readOnly`, `writeOnly`, `deprecated`: true where any part says so;
 *   `nullable` (OpenAPI 3.0): false where any part says so;
 * - `pattern`: one pattern that matches where every part's does;
 * - `dependentRequired`: every part's names;
 * - a subschema keyword (`items`, `additionalProperties`, `contains`, …): every part's subschema,
 *   which a value must all match (`false` in any part is `false`);
 * - any other keyword defined again with another value (`format`, `oneOf`, `discriminator`, an
 *   extension, one nobody listed): kept under its own name, `format (allOf part 2)`, so a change of
 *   it is compared as a keyword of its own, never hidden behind the first.
 */
import { isArray, isObject, type JsonPath } from './types.js';

export interface LocatedValue {
  value: unknown;
  path: JsonPath;
}

/** What merging one more definition of a keyword gives. */
export type Merged =
  | { kind: 'value'; located: LocatedValue }
  /** The parts allow no value together (`type: string` and `type: integer`), at this part's keyword. */
  | { kind: 'nothing'; path: JsonPath }
  /** A subschema a value must match besides the first's: compared as one more part. */
  | { kind: 'part'; located: LocatedValue }
  /** A definition that cannot be combined: kept under a name of its own. */
  | { kind: 'separate' };

const LOWER = new Set(['minimum', 'minLength', 'minItems', 'minProperties', 'minContains']);
const UPPER = new Set(['maximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains']);
const ANY_TRUE = new Set(['uniqueItems', 'readOnly', 'writeOnly', 'deprecated']);
/** Keywords holding one subschema a value must match. */
export const SUBSCHEMA_KEYWORDS = new Set([
  'items',
  'additionalProperties',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
  'additionalItems',
]);

/** JSON text with object keys sorted: equal values written in another key order are equal. */
function canonical(value: unknown): string {
  if (isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

function typeList(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (isArray(value) && value.every((t) => typeof t === 'string')) return value;
  return undefined;
}

/** The types both lists allow: an integer is a number. */
function intersectTypes(a: string[], b: string[]): string[] {
  const result: string[] = [];
  for (const t of a) {
    if (b.includes(t)) result.push(t);
    else if (t === 'number' && b.includes('integer')) result.push('integer');
    else if (t === 'integer' && b.includes('number')) result.push('integer');
  }
  return [...new Set(result)];
}

/** The least common multiple of two positive decimals, or undefined where it cannot be computed exactly. */
function leastCommonMultiple(a: number, b: number): number | undefined {
  const decimals = (n: number) => (String(n).split('.')[1] ?? '').length;
  const scale = 10 ** Math.max(decimals(a), decimals(b));
  const x = Math.round(a * scale);
  const y = Math.round(b * scale);
  if (!Number.isSafeInteger(x) || !Number.isSafeInteger(y) || x <= 0 || y <= 0) return undefined;
  const gcd = (p: number, q: number): number => (q === 0 ? p : gcd(q, p % q));
  const lcm = (x / gcd(x, y)) * y;
  return Number.isSafeInteger(lcm) ? lcm / scale : undefined;
}

/** Whether a subschema allows any value (`true`, `{}`). */
function allowsAnything(value: unknown): boolean {
  return value === true || (isObject(value) && Object.keys(value).length === 0);
}

/**
 * `first` (the definition the merge holds) combined with `next` (the same keyword in a later part).
 * `value` replaces the merged definition; `equal` definitions give `first` back.
 */
export function mergeKeyword(key: string, first: LocatedValue, next: LocatedValue): Merged {
  const a = first.value;
  const b = next.value;
  if (canonical(a) === canonical(b)) return { kind: 'value', located: first };
  // Where the later part decides alone, the merged value points there.
  const pick = (value: unknown, fromNext: boolean): Merged => ({
    kind: 'value',
    located: fromNext ? { value, path: next.path } : { value, path: first.path },
  });
  if (key === 'type') {
    const ta = typeList(a);
    const tb = typeList(b);
    if (!ta || !tb) return { kind: 'separate' };
    const both = intersectTypes(ta, tb);
    if (both.length === 0) return { kind: 'nothing', path: next.path };
    const value = both.length === 1 ? both[0] : both;
    const sorted = (list: string[]) => canonical([...list].sort());
    return pick(value, sorted(both) === sorted(tb) && sorted(both) !== sorted(ta));
  }
  if (key === 'enum') {
    if (!isArray(a) || !isArray(b)) return { kind: 'separate' };
    const inB = new Set(b.map(canonical));
    const both = a.filter((value) => inB.has(canonical(value)));
    if (both.length === 0) return { kind: 'nothing', path: next.path };
    return pick(both, both.length === b.length && both.length < a.length);
  }
  if (key === 'const') return { kind: 'nothing', path: next.path };
  if (LOWER.has(key) || UPPER.has(key)) {
    if (typeof a !== 'number' || typeof b !== 'number') return { kind: 'separate' };
    const nextWins = LOWER.has(key) ? b > a : b < a;
    return pick(nextWins ? b : a, nextWins);
  }
  if (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') {
    // OpenAPI 3.0's flags: exclusive where any part says so (the stricter reading).
    if (typeof a === 'boolean' && typeof b === 'boolean') return pick(a || b, b && !a);
    if (typeof a !== 'number' || typeof b !== 'number') return { kind: 'separate' };
    const nextWins = key === 'exclusiveMinimum' ? b > a : b < a;
    return pick(nextWins ? b : a, nextWins);
  }
  if (key === 'multipleOf') {
    if (typeof a !== 'number' || typeof b !== 'number') return { kind: 'separate' };
    const lcm = leastCommonMultiple(a, b);
    if (lcm === undefined) return { kind: 'separate' };
    return pick(lcm, lcm === b);
  }
  if (ANY_TRUE.has(key)) {
    if (typeof a !== 'boolean' || typeof b !== 'boolean') return { kind: 'separate' };
    return pick(a || b, b && !a);
  }
  if (key === 'nullable') {
    if (typeof a !== 'boolean' || typeof b !== 'boolean') return { kind: 'separate' };
    return pick(a && b, !b && a);
  }
  if (key === 'pattern') {
    if (typeof a !== 'string' || typeof b !== 'string') return { kind: 'separate' };
    if (a === '') return pick(b, true);
    if (b === '') return pick(a, false);
    // A pattern matches anywhere in the string: both match where a lookahead from the start finds each.
    const anywhere = (p: string) => `(?=[\\s\\S]*(?:${p}))`;
    return pick(`^${anywhere(a)}${anywhere(b)}`, false);
  }
  if (key === 'dependentRequired') {
    if (!isObject(a) || !isObject(b)) return { kind: 'separate' };
    const merged: Record<string, unknown> = { ...a };
    for (const [name, list] of Object.entries(b)) {
      const earlier = merged[name];
      merged[name] =
        isArray(earlier) && isArray(list)
          ? [...new Set([...earlier, ...list])]
          : earlier === undefined
            ? list
            : earlier;
    }
    return pick(merged, false);
  }
  if (SUBSCHEMA_KEYWORDS.has(key)) {
    if (a === false) return { kind: 'value', located: first };
    if (b === false || allowsAnything(a)) return pick(b, true);
    if (allowsAnything(b)) return { kind: 'value', located: first };
    return { kind: 'part', located: next };
  }
  return { kind: 'separate' };
}

/**
 * A description reformatted as editors and generators do: every mapping's keys in another order
 * (a seeded shuffle, at every level), another indentation, and YAML or JSON. Lists keep their
 * order (it is meaning).
 */
import { parse, stringify } from 'yaml';

/** mulberry32: a small seeded generator, so a failing seed reproduces the same order. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The value with every object's keys shuffled (own keys only; `__proto__` stays an own key). */
export function shuffleKeys(value: unknown, next: () => number): unknown {
  if (Array.isArray(value)) return value.map((item) => shuffleKeys(item, next));
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  for (let i = keys.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [keys[i], keys[j]] = [keys[j], keys[i]];
  }
  const shuffled: Record<string, unknown> = {};
  for (const key of keys)
    Object.defineProperty(shuffled, key, {
      value: shuffleKeys((value as Record<string, unknown>)[key], next),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return shuffled;
}

export interface ReformatOptions {
  seed: number;
  toJson: boolean;
  indent: number;
}

/** `text` (YAML or JSON) with its keys shuffled, written as JSON or YAML with `indent` spaces. */
export function reformat(text: string, { seed, toJson, indent }: ReformatOptions): string {
  const data = shuffleKeys(parse(text, { maxAliasCount: -1 }), random(seed));
  return toJson
    ? `${JSON.stringify(data, null, indent)}\n`
    : stringify(data, { indent, aliasDuplicateObjects: false, lineWidth: 0 });
}

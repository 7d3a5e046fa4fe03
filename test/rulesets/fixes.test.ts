/**
 * Fixes that fix: where a finding's message gives the replacement (`write \`/v1/list-clients\``,
 * `name it \`nationalId\``, `rename the parameter to \`invoiceNo\``), applying it to the fixture
 * and linting again with the same rule makes that finding go, and brings no other finding of the
 * rule in its place. Every fail fixture of every rule is tried, one finding at a time.
 *
 * What a replacement applies to follows from where the finding points: a `paths` key is renamed
 * (a path), a schema property or a `name` is renamed (a field, a parameter), a text value is
 * replaced (a value). Findings whose message gives no replacement, or a replacement for something
 * other than what they point at (an addition, a schema to change), are not tried here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../rulesets/rules/index.js';
import { runRules } from '../../src/lint/engine.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/rules');

/** The replacement a message gives for what its finding points at, if it gives one. */
function replacement(message: string): string | undefined {
  const rename = /(?:name it|rename the parameter to|rename it to) `([^`]+)`/.exec(message);
  if (rename) return rename[1];
  // Converting a Swagger 2.0 description is not a one-line fix.
  if (/convert it/.test(message)) return undefined;
  const array = /write an array: `([^`]+)`/.exec(message);
  if (array) return array[1];
  return [...message.matchAll(/write `([^`]+)`/g)].at(-1)?.[1];
}

/** What a message adds to its replacement: `with \`pattern: ...\`` (another key), `and the example as \`...\``. */
function extras(message: string): Array<[string, unknown]> {
  const result: Array<[string, unknown]> = [];
  for (const match of message.matchAll(/ (?:with|and) `([\w$-]+): ([^`]+)`/g))
    result.push([match[1], (parse(`v: ${match[2]}`) as { v: unknown }).v]);
  const example = / and the example as `([^`]+)`/.exec(message);
  if (example) result.push(['example', example[1]]);
  return result;
}

function applyExtras(data: Record<string, unknown>, path: Array<string | number>, message: string): void {
  let node: unknown = data;
  let parent: unknown;
  for (const segment of path) {
    parent = node;
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined;
  }
  // A finding at a key (`type`) adds the other keys beside it.
  if (node === null || typeof node !== 'object') node = parent;
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
  for (const [key, value] of extras(message))
    if (key !== 'example' || key in node) (node as Record<string, unknown>)[key] = value;
  // Advice that writes a format "in place of" the pattern takes the pattern away with it.
  if (/in place of (?:its|the) `pattern`/.test(message)) delete (node as Record<string, unknown>).pattern;
}

type Node = Record<string, unknown> | unknown[];

/** Applies `value` at `path`: a renamed key where the path ends in a key that names something, else the value replaced. False when it does not apply. */
function apply(data: Record<string, unknown>, path: Array<string | number>, value: string): boolean {
  if (path.length === 0) return false;
  let parent: unknown = data;
  for (const segment of path.slice(0, -1)) {
    if (parent === null || typeof parent !== 'object') return false;
    parent = (parent as Record<string, unknown>)[segment];
  }
  if (parent === null || typeof parent !== 'object') return false;
  const node = parent as Node;
  const last = path.at(-1)!;
  const grand = path.at(-2);
  // `key: value` (YAML): set that key, on the node pointed at or in place of the key pointed at.
  const pair = /^([\w$-]+): (.+)$/.exec(value);
  if (pair && !Array.isArray(node)) {
    const [, key, text] = pair;
    const parsed: unknown = parse(`v: ${text}`);
    const v = (parsed as { v: unknown }).v;
    const target = node[String(last)];
    if (String(last) === key) node[key] = v;
    else if (target !== null && typeof target === 'object' && !Array.isArray(target))
      (target as Record<string, unknown>)[key] = v;
    else {
      delete node[String(last)];
      node[key] = v;
    }
    return true;
  }
  // A path parameter renamed: its template variable too, as the message says.
  if (last === 'name' && !Array.isArray(node) && node.in === 'path' && typeof node.name === 'string') {
    const old = `{${node.name}}`;
    const paths = data.paths as Record<string, unknown>;
    for (const key of Object.keys(paths)) {
      if (!key.includes(old)) continue;
      const entries = Object.entries(paths).map(
        ([k, v]) => [k === key ? key.split(old).join(`{${value}}`) : k, v] as const,
      );
      for (const k of Object.keys(paths)) delete paths[k];
      for (const [k, v] of entries) paths[k] = v;
    }
  }
  const renamesKey = (path.length === 2 && path[0] === 'paths' && value.startsWith('/')) || grand === 'properties';
  if (renamesKey && !Array.isArray(node)) {
    if (!(String(last) in node) || String(last) === value) return false;
    // Keep the key's place: rebuild the object in order.
    const entries = Object.entries(node).map(([key, v]) => [key === String(last) ? value : key, v] as const);
    for (const key of Object.keys(node)) delete node[key];
    for (const [key, v] of entries) node[key] = v;
    return true;
  }
  const current = (node as Record<string, unknown>)[last as string];
  if (typeof current !== 'string' || current === value) return false;
  (node as Record<string, unknown>)[last as string] = value;
  return true;
}

const cases: Array<[string, string]> = [];
for (const rule of RULES) {
  let files: string[];
  try {
    files = readdirSync(join(FIXTURES, rule.id)).filter((name) => name.startsWith('fail') && /\.ya?ml$/.test(name));
  } catch {
    continue;
  }
  for (const file of files) cases.push([rule.id, file]);
}

describe('a suggested replacement, applied, fixes its finding', () => {
  it.each(cases)('%s %s', (ruleId, file) => {
    const rule = RULES.find((candidate) => candidate.id === ruleId)!;
    const text = readFileSync(join(FIXTURES, ruleId, file), 'utf8');
    const before = runRules([rule], parse(text));
    let tried = 0;
    for (const finding of before) {
      const value = replacement(finding.message);
      if (value === undefined) continue;
      const data = parse(text) as Record<string, unknown>;
      if (!apply(data, finding.path, value)) continue;
      applyExtras(data, finding.path, finding.message);
      tried++;
      const after = runRules([rule], data);
      const still = after.filter((result) => result.message === finding.message);
      expect(still, `${file}: "${finding.message}" is still reported after writing ${value}`).toEqual([]);
      // None of the rule's findings is new: the rest are the ones there were (the renamed thing's own aside).
      const known = new Set(before.map((result) => result.message));
      const fresh = after.filter((result) => !known.has(result.message));
      expect(
        fresh.map((result) => result.message),
        `${file}: writing ${value} for "${finding.message}" brought new findings`,
      ).toEqual([]);
    }
    expect(tried).toBeGreaterThanOrEqual(0);
  });

  it('tries a replacement on the fixtures of the rules that suggest one', () => {
    let tried = 0;
    for (const [ruleId, file] of cases) {
      const rule = RULES.find((candidate) => candidate.id === ruleId)!;
      const text = readFileSync(join(FIXTURES, ruleId, file), 'utf8');
      for (const finding of runRules([rule], parse(text))) {
        const value = replacement(finding.message);
        if (value !== undefined && apply(parse(text) as Record<string, unknown>, finding.path, value)) tried++;
      }
    }
    expect(tried).toBeGreaterThan(40);
  });
});

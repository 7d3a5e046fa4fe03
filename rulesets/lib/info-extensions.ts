/**
 * The `info.x-*` extensions of the catalogue (x-category, x-pricing, x-links) as the rules read
 * them: the key found however it is spelt, and a list of values checked against the convention's
 * words with aliases and near misses explained. Shared by those rules, so no rule imports another.
 */
import { show, type JsonPath, type Problem } from './rule.js';
import { isArray } from './openapi/types.js';
import { editDistance } from './conventions.js';

/** `x-category`, `x_category`, `X-Category`, `xCategory` all compare equal. */
function keyShape(key: string): string {
  return key.toLowerCase().replace(/[-_\s]/g, '');
}

export interface InfoExtension {
  /** The key as written. */
  key: string;
  value: unknown;
  path: JsonPath;
  /** True when the key is a variant spelling (`x_category`) and the published one is absent. */
  misspelt: boolean;
}

/**
 * Names an older version of the platform's design guide (island-is/handbook,
 * `api-design-guide/implementation/documentation.md`) gave these fields; descriptions written
 * from it carry them.
 */
const LEGACY_NAMES: Readonly<Record<string, readonly string[]>> = {
  'x-category': ['x-dataCategory'],
  'x-pricing': ['x-dataAccess'],
};

/**
 * Finds an `info` extension under its published name, or, when that is absent, under a variant
 * spelling (`x_category`, as the catalogue's own code reads it; `X-Category`; `xCategory`) or an
 * older name (`x-dataCategory`). A variant beside the published key is left alone: the published
 * key is what is checked. Shared by the `platform-info-x-*` rules.
 */
export function findInfoExtension(info: Record<string, unknown>, name: string): InfoExtension | undefined {
  if (Object.prototype.hasOwnProperty.call(info, name))
    return { key: name, value: info[name], path: ['info', name], misspelt: false };
  const legacy = (LEGACY_NAMES[name] ?? []).map(keyShape);
  const key =
    Object.keys(info).find((candidate) => keyShape(candidate) === keyShape(name)) ??
    Object.keys(info).find((candidate) => legacy.includes(keyShape(candidate)));
  return key === undefined ? undefined : { key, value: info[key], path: ['info', key], misspelt: true };
}

/** How a variant key differs from the published one, for messages. */
export function misspellingNote(key: string, name: string): string {
  if (key === name.replace(/-/g, '_')) return `\`${key}\` is spelt with an underscore`;
  if (keyShape(key) !== keyShape(name))
    return `\`${key}\` is the name an older version of the design guide used; the published convention names it \`${name}\``;
  return `\`${key}\` is not spelt as the convention publishes it (\`${name}\`)`;
}

export interface ValueList {
  /** The extension's published name, e.g. `x-category`. */
  name: string;
  /** The published values, in the convention's order. */
  values: readonly string[];
  /** Other words and the value they most likely mean (vocabulary.ts). */
  aliases: Readonly<Record<string, string>>;
  /** What the list says, for the "missing" and "empty" messages: "which kinds of data the API serves". */
  purpose: string;
  /** A typical value for examples. */
  example: string;
  /** Extra words for an alias, e.g. why `public` is not a category. */
  aliasNote?: (written: string, meant: string) => string | undefined;
  /** Extra words for a value in the wrong case, e.g. that the catalogue's code capitalises it. */
  caseNote?: (written: string, meant: string) => string | undefined;
}

/** The published value a written one stands for: itself, a case variant, or a known alias. */
export function canonical(list: Pick<ValueList, 'values' | 'aliases'>, written: string): string | undefined {
  const lower = written.trim().toLowerCase();
  if (list.values.includes(lower)) return lower;
  return list.aliases[lower] ?? list.aliases[lower.replace(/[\s_]+/g, '-')];
}

/** The whole value as it should be written, from whatever was written (strings split at commas and spaces). */
function suggestion(list: ValueList, written: unknown): string {
  const words = typeof written === 'string' ? written.split(/[,;\s]+/) : isArray(written) ? written : [];
  const values: string[] = [];
  for (const word of words) {
    const value = typeof word === 'string' ? canonical(list, word) : undefined;
    if (value && !values.includes(value)) values.push(value);
  }
  return `${list.name}: [${(values.length > 0 ? values : [list.example]).join(', ')}]`;
}

/** What is wrong with one written value and what to write instead, as a clause after the value. */
function valueAdvice(list: ValueList, written: string): string {
  const meant = canonical(list, written);
  const allowed = list.values.join(', ');
  if (meant && meant === written.trim().toLowerCase()) {
    if (written.trim() !== written) return `has surrounding spaces; write \`${meant}\``;
    return list.caseNote?.(written, meant) ?? `is not in lower case; write \`${meant}\``;
  }
  if (meant)
    return `${list.aliasNote?.(written, meant) ?? `is not one of the convention's values (${allowed}); write \`${meant}\``}`;
  const near = list.values.find((value) => editDistance(value, written.trim().toLowerCase()) <= 2);
  if (near) return `is not one of the convention's values; did you mean \`${near}\`? (the values are ${allowed})`;
  return `is not one of the convention's values; write one of ${allowed}`;
}

/**
 * Checks an `info` extension that must be a non-empty array of published values: the key's
 * spelling, the value's type, each entry's spelling and case. Every message says what to write.
 */
export function checkValueList(info: Record<string, unknown>, list: ValueList): Problem[] {
  const found = findInfoExtension(info, list.name);
  if (!found) {
    return [
      {
        message: `\`info.${list.name}\` is missing; say ${list.purpose}: \`${list.name}: [${list.example}]\` (values: ${list.values.join(', ')}).`,
        path: ['info'],
      },
    ];
  }
  const { key, value, path } = found;
  if (found.misspelt) {
    return [
      {
        message: `${misspellingNote(key, list.name)}; write \`${suggestion(list, value)}\`${explainValues(list, value)}.`,
        path,
      },
    ];
  }
  if (typeof value === 'string') {
    const what = value.trim() === '' ? 'an empty string' : `the string ${show(value)}`;
    return [
      {
        message: `\`${list.name}\` is ${what}; write an array: \`${suggestion(list, value)}\`${explainValues(list, value)}.`,
        path,
      },
    ];
  }
  if (!isArray(value)) {
    return [
      {
        message: `\`${list.name}\` is ${show(value)}; write an array of ${list.values.join(', ')}, e.g. \`${list.name}: [${list.example}]\`.`,
        path,
      },
    ];
  }
  if (value.length === 0) {
    return [
      {
        message: `\`${list.name}\` is an empty array; say ${list.purpose}: \`${list.name}: [${list.example}]\` (values: ${list.values.join(', ')}).`,
        path,
      },
    ];
  }
  const problems: Problem[] = [];
  const seen = new Set<string>();
  value.forEach((entry, index) => {
    const at = [...path, index];
    if (typeof entry !== 'string') {
      problems.push({
        message: `\`${list.name}[${index}]\` is ${show(entry)}; write one of ${list.values.join(', ')}.`,
        path: at,
      });
      return;
    }
    if (list.values.includes(entry)) {
      if (seen.has(entry))
        problems.push({ message: `\`${list.name}\` lists \`${entry}\` more than once; list it once.`, path: at });
      seen.add(entry);
      return;
    }
    problems.push({ message: `\`${list.name}\` value ${show(entry)} ${valueAdvice(list, entry)}.`, path: at });
  });
  return problems;
}

/** For a misspelt key or a string value: why the suggested list differs from what was written. */
function explainValues(list: ValueList, written: unknown): string {
  const words = (typeof written === 'string' ? written.split(/[,;\s]+/) : isArray(written) ? written : []).filter(
    (word): word is string => typeof word === 'string' && word !== '',
  );
  const notes = words
    .filter((word) => !list.values.includes(word))
    .map((word) => `${show(word)} ${valueAdvice(list, word)}`);
  return notes.length > 0 ? ` (${notes.join('; ')})` : '';
}

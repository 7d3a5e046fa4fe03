/**
 * Fixes of the `info` extensions that are lists of published values (`x-category`, `x-pricing`):
 * the key spelt as published, a string made a list, each value in the published spelling and case,
 * a value listed twice listed once. Only when every written word stands for a published value: a
 * word that stands for none needs the author.
 */
import { canonical } from '../../../rulesets/lib/info-extensions.js';
import { isArray, isObject } from '../../../rulesets/lib/openapi/types.js';
import { allEdits, type FixContext, type ProposedFix } from '../fixer.js';
import type { TextEdit } from '../types.js';

export interface ValueWords {
  name: string;
  values: readonly string[];
  aliases: Readonly<Record<string, string>>;
}

/** The published values a written value stands for, or undefined when some word stands for none. */
function published(list: ValueWords, written: unknown): string[] | undefined {
  const words =
    typeof written === 'string'
      ? written.split(/[,;\s]+/).filter((word) => word !== '')
      : isArray(written)
        ? written
        : undefined;
  if (!words || words.length === 0) return undefined;
  const values: string[] = [];
  for (const word of words) {
    const value = typeof word === 'string' ? canonical(list, word) : undefined;
    if (!value) return undefined;
    if (!values.includes(value)) values.push(value);
  }
  return values;
}

export function fixValueList(list: ValueWords, { source, path, value, at }: FixContext): ProposedFix | undefined {
  if (path[0] !== 'info' || path.length < 2) return undefined;
  const key = String(path[1]);
  if (path.length === 2) {
    const values = published(list, value);
    if (!values) return undefined;
    const rename = key !== list.name ? source.renameKey(path, list.name) : null;
    const same = isArray(value) && values.length === value.length && values.every((entry, i) => entry === value[i]);
    const replace = same ? null : source.replaceValue(path, values);
    if (rename === undefined || replace === undefined) return undefined;
    const edits = [rename, replace].filter((edit): edit is TextEdit => edit !== null);
    if (edits.length === 0) return undefined;
    return { title: `Write \`${list.name}: [${values.join(', ')}]\``, edits };
  }
  if (path.length !== 3 || typeof path[2] !== 'number') return undefined;
  const entries = at(path.slice(0, 2));
  if (!isArray(entries) || typeof value !== 'string') return undefined;
  const meant = canonical(list, value);
  if (!meant) return undefined;
  const index = path[2];
  // Written earlier in the list (as published, or as another variant of the same value): this one goes.
  const earlier = entries
    .slice(0, index)
    .some((entry) => typeof entry === 'string' && canonical(list, entry) === meant);
  const laterPublished = entries.slice(index + 1).some((entry) => entry === meant);
  if (earlier || laterPublished) {
    const edits = allEdits([source.removeItem(path.slice(0, 2), index)]);
    return edits && { title: `Remove the second \`${meant}\` from \`${list.name}\``, edits };
  }
  if (!isObject(at(['info']))) return undefined;
  const edits = allEdits([source.replaceValue(path, meant)]);
  return edits && { title: `Write \`${meant}\` in \`${list.name}\``, edits };
}

/**
 * Completion while typing, where the text is often not yet valid YAML or JSON: the context is read
 * from the lines themselves (the key on the cursor's line, then the keys of the lines above with
 * less indentation), not from a syntax tree.
 *
 * - `x-category` / `x-pricing`: the catalogue's values;
 * - inside `x-vottur-ignore`: rule ids;
 * - a `$ref` value: the document's components, as `#/components/...` (`#/definitions/...` in Swagger 2.0).
 */
import { X_CATEGORY_VALUES, X_PRICING_VALUES } from '../../rulesets/lib/conventions.js';
import { encodePointer } from '../../rulesets/lib/openapi/pointer.js';
import type { RuleMeta } from '../report/finding.js';
import { IGNORE_KEY } from '../lint/suppress.js';

export interface CompletionEntry {
  label: string;
  kind: 'value' | 'rule' | 'reference';
  detail?: string;
  documentation?: string;
  /** The text to insert, when it is not the label (quoted in JSON). */
  insertText?: string;
}

/** The keys enclosing the cursor, nearest first: the cursor line's own key (when the cursor is past its colon), then its parents by indentation. */
export function enclosingKeys(text: string, line: number, character: number): string[] {
  const lines = text.split(/\r?\n/);
  const current = (lines[line] ?? '').slice(0, character);
  const keys: string[] = [];
  const keyOf = (row: string) => lineKey(row, true)?.trim();
  const own = lineKey(current, false);
  if (own !== undefined) keys.push(own.trim());
  let indent = current.search(/\S/) === -1 ? current.length : current.search(/\S/);
  // A list item's own indentation is that of its dash: its parent is less indented than that.
  for (let row = line - 1; row >= 0 && indent > 0; row--) {
    const textRow = lines[row] ?? '';
    if (textRow.trim() === '' || textRow.trim().startsWith('#')) continue;
    const rowIndent = textRow.search(/\S/);
    if (rowIndent < indent) {
      const key = keyOf(textRow);
      if (key) keys.push(key);
      indent = rowIndent;
    }
  }
  return keys;
}

/** The completions at a position; `components` lists the document's components as paths. */
export function completionsAt(
  text: string,
  position: { line: number; character: number },
  context: { rules: readonly RuleMeta[]; components: Array<Array<string | number>>; json: boolean },
): CompletionEntry[] {
  const before = (text.split(/\r?\n/)[position.line] ?? '').slice(0, position.character);
  const quote = (value: string) => (context.json && !/"[^"]*$/.test(before) ? `"${value}"` : value);
  if (afterRef(before)) {
    return context.components.map((path) => ({
      label: `#${encodePointer(path)}`,
      kind: 'reference',
      detail: String(path[path.length - 1]),
      insertText: quote(`#${encodePointer(path)}`),
    }));
  }
  const keys = enclosingKeys(text, position.line, position.character);
  const near = keys.slice(0, 3);
  if (near.includes(IGNORE_KEY) && near[0] !== 'reason') {
    return context.rules.map((rule) => ({
      label: rule.id,
      kind: 'rule',
      detail: `${rule.severity} · ${rule.category}`,
      documentation: rule.description,
      insertText: quote(rule.id),
    }));
  }
  const field = near.find((key) => key === 'x-category' || key === 'x-pricing');
  if (field) {
    const values = field === 'x-category' ? X_CATEGORY_VALUES : X_PRICING_VALUES;
    return values.map((value) => ({ label: value, kind: 'value', detail: field, insertText: quote(value) }));
  }
  return [];
}

/**
 * A line's key (`  - "name": x` → `name`): the text between the line's head (indentation, a list's
 * dash, an opening quote) and its first colon, without a closing quote, when it holds none of
 * `"':{}[],#`; with white space after the colon when `spaced`. Read once: the expression it
 * replaces retried the white space after every character of a lazy key, so a line of many spaces
 * took seconds; unlike it, no key of only white space or a lone dash is read (`  :`, `- :`).
 */
function lineKey(line: string, spaced: boolean): string | undefined {
  const head = /^\s*(?:-\s+)?["']?/.exec(line)?.[0].length ?? 0;
  // The key holds no colon: the first colon after the head ends it.
  const colon = line.indexOf(':', head);
  if (colon < 0 || (spaced && colon + 1 < line.length && !/\s/.test(line[colon + 1] ?? ''))) return undefined;
  let key = line.slice(head, colon).trimEnd();
  if (key.endsWith('"') || key.endsWith("'")) key = key.slice(0, -1);
  return key === '' || /["':{}[\],#]/.test(key) ? undefined : key;
}

/** Whether the text before the cursor is a `$ref`'s value being written (`$ref: '#/comp`), from its last `$ref`. */
function afterRef(before: string): boolean {
  const at = before.lastIndexOf('$ref');
  const colon = at < 0 ? undefined : /^["']?\s*:/.exec(before.slice(at + 4));
  if (!colon) return false;
  const value = before.slice(at + 4 + colon[0].length).trimStart();
  return !/["',}]/.test(/^["']/.test(value) ? value.slice(1) : value);
}

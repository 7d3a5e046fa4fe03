/**
 * "Suppress with a reason": the text edit that adds an `x-vottur-ignore` entry for one rule on the
 * closest mapping at or above a finding's node (a suppression holds back findings on its node and
 * everything under it). An existing block list gets one more item; otherwise the key is added at
 * the end of a block mapping, or first in a flow mapping (JSON). The reason is a snippet
 * placeholder where the editor supports snippets in edits, else an empty string, which the
 * linter reports until someone writes why.
 */
import { isMap, isScalar, isSeq, type Node, type Pair, type YAMLMap } from 'yaml';
import { IGNORE_KEY } from '../lint/suppress.js';
import type { JsonPath, Range, Syntax } from './syntax.js';

export interface InsertEdit {
  range: Range;
  newText: string;
  snippet: boolean;
}

const keyName = (pair: Pair) => (isScalar(pair.key) ? String(pair.key.value) : String(pair.key));

/** Escapes the literal parts of a snippet (`$`, `}`, `\`). */
const literal = (text: string) => text.replace(/[$}\\]/g, '\\$&');

export function suppressionEdit(
  syntax: Syntax,
  path: JsonPath,
  rule: string,
  snippets: boolean,
): InsertEdit | undefined {
  let map: YAMLMap | undefined;
  for (let length = path.length; length >= 0; length--) {
    const node = length === 0 ? (syntax.document.contents as Node | null) : syntax.nodeAt(path.slice(0, length));
    if (isMap(node)) {
      map = node;
      break;
    }
  }
  if (!map || !map.range) return undefined;
  const reason = snippets ? '"${1:why this finding is accepted}"' : '""';
  const text = (value: string) => (snippets ? literal(value) : value);
  const pairs = map.items;
  const at = (offset: number): Range => {
    const position = syntax.positionOf(offset);
    return { start: position, end: position };
  };
  if (map.flow) {
    // `{` then the new entry first: nothing after it needs to move.
    const first = pairs[0]?.key as Node | undefined;
    const open = map.range[0] + 1;
    const separate = first?.range && syntax.positionOf(first.range[0]).line !== syntax.positionOf(map.range[0]).line;
    const indent = first?.range ? ' '.repeat(syntax.positionOf(first.range[0]).character) : '';
    const entry = `${text(`"${IGNORE_KEY}": [{ "rule": "${rule}", "reason": `)}${reason}${text(' }]')}`;
    const newText = separate
      ? `\n${indent}${entry}${pairs.length > 0 ? ',' : ''}`
      : `${entry}${pairs.length > 0 ? ', ' : ''}`;
    return { range: at(open), newText, snippet: snippets };
  }
  const firstKey = pairs[0]?.key as Node | undefined;
  if (!firstKey?.range) return undefined;
  const indent = ' '.repeat(syntax.positionOf(firstKey.range[0]).character);
  const existing = pairs.find((pair) => keyName(pair) === IGNORE_KEY);
  if (existing) {
    const list = existing.value;
    if (!isSeq(list) || list.flow || !list.range || list.items.length === 0) return undefined;
    const firstItem = list.items[0] as Node;
    // The dash sits two columns before a block item's content (`- rule: …`).
    const itemIndent = ' '.repeat(Math.max(0, syntax.positionOf(parsedRange(firstItem)[0]).character - 2));
    const end = endOf(syntax.text, list.items[list.items.length - 1] as Node);
    const newText = `\n${itemIndent}- ${text('rule: ')}${text(rule)}\n${itemIndent}  ${text('reason: ')}${reason}`;
    return { range: at(end), newText, snippet: snippets };
  }
  const last = pairs.at(-1);
  if (!last) return undefined;
  const end = endOf(syntax.text, (last.value as Node | null) ?? (last.key as Node));
  const newText = `\n${indent}${text(`${IGNORE_KEY}:`)}\n${indent}  - ${text(`rule: ${rule}`)}\n${indent}    ${text('reason: ')}${reason}`;
  return { range: at(end), newText, snippet: snippets };
}

/** A node's range: every node parsed from the document's text has one. */
function parsedRange(node: Node): NonNullable<Node['range']> {
  if (!node.range) throw new Error('a YAML node parsed from the document has no range');
  return node.range;
}

/** Where a node's content ends: its value's end, before the line break and spaces a block node's range takes in. */
function endOf(text: string, node: Node): number {
  let end = parsedRange(node)[1];
  while (end > 0 && /\s/.test(text.charAt(end - 1))) end--;
  return end;
}

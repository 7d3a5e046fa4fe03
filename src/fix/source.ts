/**
 * A file of a description as something to edit: its nodes found by path in the `yaml` package's
 * syntax tree (which reads JSON too, with the same ranges), and edits built from their ranges so
 * that nothing but the edited node changes: comments, blank lines, key order, quoting and
 * indentation stay as written. New text is written in the file's own style: JSON in JSON, YAML
 * plain where a plain scalar reads back as the same string, the file's indentation unit.
 */
import {
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  parseDocument,
  type Document,
  type Node,
  type Pair,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import type { JsonPath } from '../../rulesets/lib/openapi/types.js';
import type { TextEdit } from './types.js';

type Range = [number, number, number];

export interface Located {
  node: Node;
  /** The pair whose value the node is (for a member of a mapping). */
  pair?: Pair<Node, Node | null>;
  parent?: YAMLMap | YAMLSeq;
}

/** Words a YAML 1.1 reader (and some 1.2 ones) takes for booleans or null when unquoted. */
const RESERVED = /^(?:y|n|yes|no|on|off|true|false|null|~)$/i;
/** Text safe as a plain scalar: no indicator first, no `: ` or ` #`, no leading or trailing space. */
const PLAIN_SAFE = /^[A-Za-z0-9_./+$(][A-Za-z0-9_./+$()@:;?=&%~ -]*$/;

export class EditableSource {
  private parsed?: Document.Parsed;
  private unit?: string;

  constructor(
    readonly uri: string,
    readonly text: string,
    readonly kind: 'json' | 'yaml',
  ) {}

  private get document(): Document.Parsed {
    this.parsed ??= parseDocument(this.text, {
      keepSourceTokens: true,
      uniqueKeys: false,
      strict: false,
      prettyErrors: false,
    });
    return this.parsed;
  }

  /** The node at `path`, or undefined where the file has none (or an alias stands in the way). */
  locate(path: JsonPath): Located | undefined {
    let node: Node | null | undefined = this.document.contents;
    let found: Located | undefined = node ? { node } : undefined;
    for (const segment of path) {
      if (!node) return undefined;
      if (isMap(node)) {
        let match: Pair<Node, Node | null> | undefined;
        for (const pair of node.items as Array<Pair<Node, Node | null>>) {
          if (isScalar(pair.key) && String(pair.key.value) === String(segment)) match = pair;
        }
        if (!match || !match.value || isAlias(match.value)) return undefined;
        found = { node: match.value, pair: match, parent: node };
        node = match.value;
      } else if (isSeq(node)) {
        const item = node.items[Number(segment)] as Node | undefined;
        if (!item || isAlias(item)) return undefined;
        found = { node: item, parent: node };
        node = item;
      } else return undefined;
    }
    return found;
  }

  /** The pair of the member at `path` (its last segment a key), with its key node. */
  pairAt(path: JsonPath): Pair<Node, Node | null> | undefined {
    if (path.length === 0) return undefined;
    const parent = this.locate(path.slice(0, -1));
    if (!parent || !isMap(parent.node)) return undefined;
    let match: Pair<Node, Node | null> | undefined;
    for (const pair of parent.node.items as Array<Pair<Node, Node | null>>) {
      if (isPair(pair) && isScalar(pair.key) && String(pair.key.value) === String(path[path.length - 1])) match = pair;
    }
    return match;
  }

  private range(node: Node): Range {
    if (!node.range) throw new Error(`a node of ${this.uri} has no range`);
    return node.range;
  }

  /** The indentation unit of the file: its first indented line's indentation (two spaces when none is). */
  indentUnit(): string {
    if (this.unit !== undefined) return this.unit;
    const match = /\n([ \t]+)[^\s]/.exec(this.text);
    const indentation = match?.[1];
    this.unit = indentation === undefined ? '  ' : indentation.startsWith('\t') ? '\t' : indentation;
    return this.unit;
  }

  /** The column of an offset as the whitespace before it on its line. */
  private indentAt(offset: number): string {
    const lineStart = this.text.lastIndexOf('\n', offset - 1) + 1;
    const before = this.text.slice(lineStart, offset);
    return /^[ \t]*$/.test(before) ? before : ' '.repeat(before.length);
  }

  /** The whitespace that starts the line an offset is on. */
  private lineIndent(offset: number): string {
    const lineStart = this.text.lastIndexOf('\n', offset - 1) + 1;
    return /^[ \t]*/.exec(this.text.slice(lineStart, offset))?.[0] ?? '';
  }

  /** A scalar in the file's syntax, in `style` where given (`QUOTE_SINGLE`, `QUOTE_DOUBLE`, `PLAIN`). */
  scalar(value: unknown, style?: string, inFlow = false): string {
    if (this.kind === 'json') return JSON.stringify(value);
    if (typeof value !== 'string')
      return typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : (JSON.stringify(value) ?? 'null');
    if (style === 'QUOTE_DOUBLE') return JSON.stringify(value);
    if (style !== 'QUOTE_SINGLE' && isPlainSafe(value, inFlow)) return value;
    return `'${value.replace(/'/g, "''")}'`;
  }

  /** A value written inline: scalars, and lists and objects in flow style (`[open, official]`). */
  inline(value: unknown, style?: string, inFlow = false): string {
    if (Array.isArray(value)) return `[${value.map((item) => this.inline(item, undefined, true)).join(', ')}]`;
    if (value !== null && typeof value === 'object') {
      const members = Object.entries(value).map(
        ([key, member]) => `${this.scalar(key, undefined, true)}: ${this.inline(member, undefined, true)}`,
      );
      return members.length === 0 ? '{}' : `{ ${members.join(', ')} }`;
    }
    return this.scalar(value, style, inFlow);
  }

  /**
   * A member written as the value after `key:` at indentation `indent`: inline for scalars and
   * lists of scalars, a block (YAML) or a multi-line object (JSON) for objects.
   */
  private memberValue(value: unknown, indent: string): string {
    if (
      value === null ||
      typeof value !== 'object' ||
      (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object'))
    )
      return ` ${this.inline(value)}`;
    const inner = indent + this.indentUnit();
    if (this.kind === 'json') {
      if (Array.isArray(value))
        return ` [\n${value.map((item) => `${inner}${this.memberValue(item, inner).slice(1)}`).join(',\n')}\n${indent}]`;
      return ` {\n${Object.entries(value)
        .map(([key, member]) => `${inner}${this.scalar(key)}:${this.memberValue(member, inner)}`)
        .join(',\n')}\n${indent}}`;
    }
    if (Array.isArray(value))
      return `\n${value.map((item) => `${inner}-${this.memberValue(item, inner + '  ').replace(/^\n[ \t]*/, ' ')}`).join('\n')}`;
    return `\n${Object.entries(value)
      .map(([key, member]) => `${inner}${this.scalar(key)}:${this.memberValue(member, inner)}`)
      .join('\n')}`;
  }

  /** Replaces the value at `path`, a string keeping its quoting where it can. */
  replaceValue(path: JsonPath, value: unknown): TextEdit | undefined {
    const found = this.locate(path);
    if (!found) return undefined;
    const [start, end] = this.range(found.node);
    const style = isScalar(found.node) ? (found.node.type as string | undefined) : undefined;
    let newText: string;
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      newText = this.memberValue(value, this.indentAt(start)).replace(/^ /, '');
    else newText = this.inline(value, style, Boolean(found.parent?.flow));
    return { file: this.uri, start, end, newText };
  }

  /** Renames the key of the member at `path`, keeping the key's quoting. */
  renameKey(path: JsonPath, newKey: string): TextEdit | undefined {
    const pair = this.pairAt(path);
    if (!pair || !isScalar(pair.key)) return undefined;
    const [start, end] = this.range(pair.key);
    return { file: this.uri, start, end, newText: this.scalar(newKey, pair.key.type) };
  }

  /** Adds `key: value` as the last member of the mapping at `path`, in the mapping's style. */
  insertMember(path: JsonPath, key: string, value: unknown): TextEdit | undefined {
    const found = this.locate(path);
    if (!found || !isMap(found.node)) return undefined;
    const map = found.node;
    const pairs = map.items as Array<Pair<Node, Node | null>>;
    const keyText = this.scalar(key);
    const firstPair = pairs[0];
    const lastPair = pairs.at(-1);
    if (map.flow || this.kind === 'json') {
      const [mapStart, mapEnd] = this.range(map);
      if (!firstPair || !lastPair) {
        const close = this.text.lastIndexOf('}', mapEnd);
        const indent = this.lineIndent(mapStart);
        const inner = indent + this.indentUnit();
        return {
          file: this.uri,
          start: mapStart + 1,
          end: close,
          newText: `\n${inner}${keyText}:${this.memberValue(value, inner)}\n${indent}`,
        };
      }
      const first = this.range(firstPair.key)[0];
      const lastEnd = lastPair.value
        ? trimmedEnd(this.text, this.range(lastPair.value)[1])
        : this.range(lastPair.key)[1];
      const multiline = this.text.slice(mapStart, first).includes('\n');
      const indent = multiline ? this.indentAt(first) : '';
      return {
        file: this.uri,
        start: lastEnd,
        end: lastEnd,
        newText: multiline
          ? `,\n${indent}${keyText}:${this.memberValue(value, indent)}`
          : `, ${keyText}:${this.memberValue(value, indent)}`,
      };
    }
    if (!firstPair || !lastPair) return undefined;
    const indent = this.indentAt(this.range(firstPair.key)[0]);
    const lastEnd = trimmedEnd(this.text, lastPair.value ? this.range(lastPair.value)[1] : this.range(lastPair.key)[1]);
    const lineEnd = this.text.indexOf('\n', lastEnd);
    const at = lineEnd === -1 ? this.text.length : lineEnd;
    return { file: this.uri, start: at, end: at, newText: `\n${indent}${keyText}:${this.memberValue(value, indent)}` };
  }

  /** Removes item `index` of the list at `path` (with its separator, or its whole line in a block list). */
  removeItem(path: JsonPath, index: number): TextEdit | undefined {
    const found = this.locate(path);
    if (!found || !isSeq(found.node)) return undefined;
    const items = found.node.items as Node[];
    const item = items[index];
    if (!item) return undefined;
    const [start, end] = this.range(item);
    if (found.node.flow || this.kind === 'json') {
      const previous = items[index - 1];
      if (index > 0 && previous)
        return {
          file: this.uri,
          start: trimmedEnd(this.text, this.range(previous)[1]),
          end: trimmedEnd(this.text, end),
          newText: '',
        };
      const next = items[index + 1];
      return { file: this.uri, start, end: next ? this.range(next)[0] : trimmedEnd(this.text, end), newText: '' };
    }
    const lineStart = this.text.lastIndexOf('\n', start - 1) + 1;
    const lineEnd = this.text.indexOf('\n', trimmedEnd(this.text, end));
    return { file: this.uri, start: lineStart, end: lineEnd === -1 ? this.text.length : lineEnd + 1, newText: '' };
  }

  /**
   * Puts the items of the list at `path` in a new order (`order[i]` is the index of the item that
   * goes to place i): each place gets the text of its new item, so the list's dashes, commas,
   * indentation and the comments between items stay where they are.
   */
  reorderItems(path: JsonPath, order: readonly number[]): TextEdit[] {
    const found = this.locate(path);
    if (!found || !isSeq(found.node)) return [];
    const items = found.node.items as Node[];
    const spans = items.map((item) => {
      const [start, end] = this.range(item);
      return { start, end: trimmedEnd(this.text, end) };
    });
    const edits: TextEdit[] = [];
    order.forEach((from, to) => {
      const place = spans[to];
      const moved = spans[from];
      if (from === to || !place || !moved) return;
      edits.push({
        file: this.uri,
        start: place.start,
        end: place.end,
        newText: this.text.slice(moved.start, moved.end),
      });
    });
    return edits;
  }

  private refList?: Array<{ path: JsonPath; ref: string }>;

  /** Every `$ref` string of the file with the path to it, listed once per file (renames look at all of them). */
  refs(): ReadonlyArray<{ path: JsonPath; ref: string }> {
    if (!this.refList) {
      this.refList = [];
      if (this.text.includes('$ref')) {
        for (const { path, node } of this.walk())
          if (path.at(-1) === '$ref' && isScalar(node) && typeof node.value === 'string')
            this.refList.push({ path, ref: node.value });
      }
    }
    return this.refList;
  }

  /** Every node of the file with the path to it (for fixes that update every reference to something). */
  *walk(): Generator<{ path: JsonPath; node: Node; pair?: Pair<Node, Node | null> }> {
    const stack: Array<{ path: JsonPath; node: Node; pair?: Pair<Node, Node | null> }> = [];
    const root = this.document.contents as Node | null;
    if (root) stack.push({ path: [], node: root });
    for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
      yield entry;
      if (isMap(entry.node)) {
        for (const pair of entry.node.items as Array<Pair<Node, Node | null>>) {
          if (isScalar(pair.key) && pair.value && !isAlias(pair.value))
            stack.push({ path: [...entry.path, String(pair.key.value)], node: pair.value, pair });
        }
      } else if (isSeq(entry.node)) {
        (entry.node.items as Node[]).forEach((item, index) => {
          if (item && !isAlias(item)) stack.push({ path: [...entry.path, index], node: item });
        });
      }
    }
  }
}

/** The offset before any whitespace that ends `[.., end)`. */
function trimmedEnd(text: string, end: number): number {
  let at = end;
  while (at > 0 && /\s/.test(text.charAt(at - 1))) at--;
  return at;
}

/** Whether a string can be written as a plain YAML scalar (in a flow collection, or not) and be read back as the same string by any YAML reader. */
export function isPlainSafe(value: string, inFlow = false): boolean {
  // Outside a flow collection (`[...]`, `{...}`) a comma is plain text, not a separator.
  if (!inFlow && value.includes(',') && !value.includes(', ,') && isPlainSafe(value.replace(/,/g, ''), true))
    return !/,$/.test(value);
  if (
    !PLAIN_SAFE.test(value) ||
    RESERVED.test(value) ||
    value.endsWith(' ') ||
    value.endsWith(':') ||
    value.includes(': ')
  )
    return false;
  // Numbers of any YAML version: 12, 1.5, 1e3, 0x1F, 0o7, 1_000, 1:30 (sexagesimal), .5, .inf, .nan.
  if (
    /^[-+]?(?:[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9]+|0x[0-9a-fA-F_]+|0o?[0-7_]+|[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?)$/.test(
      value,
    )
  )
    return false;
  if (/^\.(?:inf|nan)$/i.test(value)) return false;
  // Dates and times, which YAML 1.1 readers turn into timestamps.
  if (/^\d{4}-\d{1,2}-\d{1,2}/.test(value)) return false;
  return true;
}

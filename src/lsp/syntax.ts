/**
 * The editor's view of one document's syntax: which node sits under the cursor (its JSON path,
 * whether the cursor is on a key or a value), and where a path's node is. The `yaml` package
 * reads YAML and JSON alike (JSON is YAML 1.2) and keeps every node's offsets, so one tree serves
 * both. Built per request from the editor's text; the linter keeps its own, faster parse.
 */
import { nestsDeeperThan } from '../lint/json.js';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node, type Pair } from 'yaml';

export type JsonPath = Array<string | number>;

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export interface NodeAtCursor {
  /** The path of the node the cursor is in (for a key: the path of the value it names). */
  path: JsonPath;
  /** True when the cursor is on a mapping key. */
  onKey: boolean;
  /** The scalar under the cursor, when it is one (key or value). */
  scalar?: { value: unknown; range: Range };
}

export class Syntax {
  readonly document: Document.Parsed;
  private readonly lines = new LineCounter();

  /**
   * The one way the language server reads a document's syntax: undefined for a text nested deeper
   * than the linter reads (`MAX_NESTING`, counted on the text before any parser runs). Such a
   * document has the linter's "nested deeper" diagnostic and no feature work: hover and then
   * completion over a 1,000,000-deep JSON file ran the server out of memory (issue 34, B7).
   */
  static read(text: string): Syntax | undefined {
    return nestsDeeperThan(text) ? undefined : new Syntax(text);
  }

  private constructor(readonly text: string) {
    this.document = parseDocument(text, {
      lineCounter: this.lines,
      keepSourceTokens: false,
      uniqueKeys: false,
      strict: false,
      prettyErrors: false,
    });
  }

  offsetOf(position: Position): number {
    const starts = this.lines.lineStarts;
    const start = starts[Math.min(position.line, starts.length - 1)] ?? 0;
    return Math.min(start + position.character, this.text.length);
  }

  positionOf(offset: number): Position {
    const { line, col } = this.lines.linePos(offset);
    return { line: line - 1, character: col - 1 };
  }

  rangeOf(start: number, end: number): Range {
    return { start: this.positionOf(start), end: this.positionOf(end) };
  }

  /** The innermost node at a position, with its path. */
  at(position: Position): NodeAtCursor | undefined {
    const offset = this.offsetOf(position);
    const root = this.document.contents;
    if (!root) return undefined;
    let node: Node = root;
    const path: JsonPath = [];
    for (;;) {
      if (isMap(node)) {
        const pair = node.items.find(
          (item) => within(item.key as Node | null, offset) || within(item.value as Node | null, offset),
        );
        if (!pair) return { path, onKey: false };
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        const keyRange = (pair.key as Node | null)?.range;
        if (keyRange && within(pair.key as Node, offset)) {
          return {
            path: [...path, key],
            onKey: true,
            scalar: { value: key, range: this.rangeOf(keyRange[0], keyRange[1]) },
          };
        }
        path.push(key);
        node = pair.value as Node;
        continue;
      }
      if (isSeq(node)) {
        const index = node.items.findIndex((item) => within(item as Node, offset));
        if (index < 0) return { path, onKey: false };
        path.push(index);
        node = node.items[index] as Node;
        continue;
      }
      if (isScalar(node) && node.range)
        return { path, onKey: false, scalar: { value: node.value, range: this.rangeOf(node.range[0], node.range[1]) } };
      return { path, onKey: false };
    }
  }

  /** The node at a path (a mapping's value, a list's item), or undefined. */
  nodeAt(path: JsonPath): Node | undefined {
    let node = this.document.contents as Node | null;
    for (const segment of path) {
      if (isMap(node)) {
        const pair = node.items.find(
          (item) => (isScalar(item.key) ? String(item.key.value) : String(item.key)) === String(segment),
        );
        node = (pair?.value as Node | null) ?? null;
      } else if (isSeq(node)) node = (node.items[Number(segment)] as Node | undefined) ?? null;
      else return undefined;
      if (!node) return undefined;
    }
    return node ?? undefined;
  }

  /** The pair whose key ends `path`, for a path into a mapping. */
  pairAt(path: JsonPath): Pair | undefined {
    const parent = path.length === 0 ? undefined : this.nodeAt(path.slice(0, -1));
    if (!isMap(parent)) return undefined;
    return parent.items.find(
      (item) => (isScalar(item.key) ? String(item.key.value) : String(item.key)) === String(path[path.length - 1]),
    );
  }

  /** The range of the node at a path (its key and value, for a mapping entry). */
  rangeAt(path: JsonPath): Range | undefined {
    const pair = this.pairAt(path);
    const keyRange = pair && (pair.key as Node | null)?.range;
    const node = this.nodeAt(path);
    const valueRange = node?.range;
    if (keyRange) return this.rangeOf(keyRange[0], valueRange ? valueRange[1] : keyRange[1]);
    return valueRange ? this.rangeOf(valueRange[0], valueRange[1]) : undefined;
  }

  /** Every `$ref` string of the document, with its path and the range of its value. */
  refs(): Array<{ ref: string; path: JsonPath; range: Range }> {
    const found: Array<{ ref: string; path: JsonPath; range: Range }> = [];
    const walk = (node: unknown, path: JsonPath): void => {
      if (isMap(node)) {
        for (const item of node.items) {
          const key = isScalar(item.key) ? String(item.key.value) : String(item.key);
          if (key === '$ref' && isScalar(item.value) && typeof item.value.value === 'string' && item.value.range) {
            found.push({
              ref: item.value.value,
              path: [...path, key],
              range: this.rangeOf(item.value.range[0], item.value.range[1]),
            });
          } else walk(item.value, [...path, key]);
        }
      } else if (isSeq(node)) node.items.forEach((item, index) => walk(item, [...path, index]));
    };
    walk(this.document.contents, []);
    return found;
  }

  /** The text of the lines of a node, from its key (when it has one) on, at most `max` lines. */
  excerpt(path: JsonPath, max: number): string | undefined {
    const range = this.rangeAt(path);
    if (!range) return undefined;
    const lines = this.text.split(/\r?\n/);
    // A block node's range ends at the start of the line after it: that line is not the node's.
    const last = range.end.character === 0 && range.end.line > range.start.line ? range.end.line - 1 : range.end.line;
    const end = Math.min(last, range.start.line + max - 1);
    const shown = lines.slice(range.start.line, end + 1);
    return shown.join('\n') + (last > end ? '\n…' : '');
  }
}

function within(node: Node | null | undefined, offset: number): boolean {
  const range = node?.range;
  return range !== undefined && range !== null && offset >= range[0] && offset <= range[1];
}

export { isPair };

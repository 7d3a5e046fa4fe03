/**
 * YAML with positions, safely and in linear time. The syntax tree is yaml-ast-parser's (the one
 * Spectral's YAML parser builds, so ranges are the same as Spectral's); the data is built from it
 * here instead of by `@stoplight/yaml`'s `walkAST`, which
 *
 * - assigns `container[key] = value`, so a `__proto__` key becomes the object's prototype: a
 *   description with a top-level `__proto__` and `constructor` was no longer recognised as
 *   OpenAPI and every rule was skipped (here such keys are own data properties);
 * - checks duplicate keys with `Array.includes` and keeps key order with `Array.indexOf`:
 *   quadratic in the number of keys of a mapping (10,000 paths took 17.7 s; here a `Set`);
 * - expands every alias afresh with no bound, so a "billion laughs" document runs out of
 *   memory (here the values produced through aliases are counted and capped, and so are the
 *   characters of their strings and keys: one long string aliased thousands of times is read by
 *   every rule at every copy);
 * - recurses without a bound (here nesting is capped, see `MAX_NESTING`).
 *
 * Locating a path looks each mapping's keys up in a table built once per mapping, so findings
 * under a mapping with many keys do not each scan all of them.
 */
import { createRequire } from 'node:module';
import type { IParserResult, IRange } from '@stoplight/types';
import { CouldNotRunError, errorMessage, LimitError } from '../errors.js';
import { MAX_NESTING } from './json.js';

const require = createRequire(import.meta.url);

// CommonJS packages (dependencies of @stoplight/spectral-parsers) without type declarations we
// rely on. Required on first use, not at import: a run over JSON descriptions never needs them,
// and `@stoplight/yaml`'s index pulls in its whole parser; only two of its small modules are used.
interface AstParser {
  load(text: string, options: Record<string, unknown>): YamlNode | undefined;
  determineScalarType(node: YamlScalar): number;
  parseYamlBoolean(value: string): boolean;
  parseYamlBigInteger(value: string): number | bigint;
  parseYamlFloat(value: string): number;
}
let astParserModule: AstParser | undefined;
const astParser = (): AstParser => (astParserModule ??= require('@stoplight/yaml-ast-parser') as AstParser);
let lineForPositionFn: ((position: number, lineMap: number[]) => number) | undefined;
const lineForPosition = (position: number, lineMap: number[]): number =>
  (lineForPositionFn ??= (require('@stoplight/yaml/lineForPosition.js') as { lineForPosition: typeof lineForPosition })
    .lineForPosition)(position, lineMap);
let buildJsonPathFn: ((node: YamlNode) => Array<string | number>) | undefined;
const buildJsonPath = (node: YamlNode): Array<string | number> =>
  (buildJsonPathFn ??= (require('@stoplight/yaml/buildJsonPath.js') as { buildJsonPath: typeof buildJsonPath })
    .buildJsonPath)(node);

/** Most values that aliases (`*name`) may produce in one document, counted as expanded. */
export const MAX_ALIAS_VALUES = 100_000;
/**
 * Most characters (strings and keys) that aliases may produce in one document, counted as
 * expanded: a 200 KB string aliased 4,000 times (339 KB of YAML) took the rules 173 s and 1.1 GB
 * under the value bound (issue 34, B5).
 */
export const MAX_ALIAS_CHARACTERS = 10_000_000;

const enum Kind {
  SCALAR = 0,
  MAPPING = 1,
  MAP = 2,
  SEQ = 3,
  ANCHOR_REF = 4,
  INCLUDE_REF = 5,
}
const enum ScalarType {
  null = 0,
  bool = 1,
  int = 2,
  float = 3,
  string = 4,
}

/** A node of yaml-ast-parser's tree, by kind (its own declarations type `value` as `any`). */
interface YamlNodeBase {
  startPosition: number;
  endPosition: number;
  parent: YamlNode | null;
  errors?: Array<{
    name: string;
    reason: string;
    isWarning: boolean;
    mark: { line: number; column: number; toLineEnd?: boolean; position?: number };
  }>;
  valueObject?: unknown;
  anchorId?: string;
}
interface YamlScalar extends YamlNodeBase {
  kind: Kind.SCALAR;
  /** The scalar as written (its JavaScript value is computed by `scalarValue`). */
  value: string;
}
interface YamlMapping extends YamlNodeBase {
  kind: Kind.MAPPING;
  key: YamlNode;
  /** Null for a key written without a value. */
  value: YamlNode | null;
}
interface YamlMap extends YamlNodeBase {
  kind: Kind.MAP;
  mappings: YamlMapping[];
  value?: undefined;
}
interface YamlSeq extends YamlNodeBase {
  kind: Kind.SEQ;
  items: Array<YamlNode | null>;
  value?: undefined;
}
interface YamlAnchorRef extends YamlNodeBase {
  kind: Kind.ANCHOR_REF;
  referencesAnchor: string;
  /** The node the anchor names (none when it names no anchor). */
  value: YamlNode | null | undefined;
}
interface YamlIncludeRef extends YamlNodeBase {
  kind: Kind.INCLUDE_REF;
  value?: undefined;
}
type YamlNode = YamlScalar | YamlMapping | YamlMap | YamlSeq | YamlAnchorRef | YamlIncludeRef;

type Diagnostic = IParserResult<unknown>['diagnostics'][number];

export class YamlLimitError extends LimitError {}

function computeLineMap(text: string): number[] {
  const lineMap: number[] = [];
  let i = text.indexOf('\n');
  while (i !== -1) {
    lineMap.push(i + 1);
    i = text.indexOf('\n', i + 1);
  }
  lineMap.push(text.length + 1);
  return lineMap;
}

function rangeOf(lineMap: number[], start: number, end: number): IRange {
  const startLine = lineForPosition(start, lineMap);
  const endLine = lineForPosition(end, lineMap);
  return {
    start: { line: startLine, character: start - (lineMap[startLine - 1] ?? 0) },
    end: { line: endLine, character: end - (lineMap[endLine - 1] ?? 0) },
  };
}

function scalarValue(node: YamlScalar): unknown {
  switch (astParser().determineScalarType(node) as ScalarType) {
    case ScalarType.null:
      return null;
    case ScalarType.string:
      return String(node.value);
    case ScalarType.bool:
      return astParser().parseYamlBoolean(node.value);
    case ScalarType.int: {
      const value = astParser().parseYamlBigInteger(node.value);
      return typeof value === 'bigint' ? Number(value) : value;
    }
    case ScalarType.float:
      return astParser().parseYamlFloat(node.value);
  }
  return undefined;
}

/** Sets a key as an own data property (a `__proto__` key stays data, never a prototype). */
function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

/** JavaScript lists integer-like keys first: objects written otherwise keep the written order (as Spectral's do). */
function isArrayIndex(key: string): boolean {
  return /^(?:0|[1-9]\d{0,9})$/.test(key) && Number(key) < 4294967295;
}

function inWrittenOrder(target: Record<string, unknown>, order: string[]): Record<string, unknown> {
  return new Proxy(target, { ownKeys: () => [...order] });
}

function isSelfReferencingAlias(alias: YamlAnchorRef): boolean {
  let node: YamlNode | null = alias.parent;
  while (node) {
    if (node.anchorId === alias.referencesAnchor) return true;
    node = node.parent;
  }
  return false;
}

class Builder {
  aliasValues = 0;
  aliasCharacters = 0;
  constructor(
    private readonly lineMap: number[],
    private readonly diagnostics: Diagnostic[],
  ) {}

  build(node: YamlNode | null | undefined, depth: number, viaAlias: boolean): unknown {
    if (!node) return node === undefined ? undefined : null;
    if (viaAlias && ++this.aliasValues > MAX_ALIAS_VALUES) {
      throw new YamlLimitError(
        `its aliases (\`*name\`) expand to more than ${MAX_ALIAS_VALUES.toLocaleString('en')} values (an "alias bomb"); write the repeated parts out or use $ref`,
      );
    }
    switch (node.kind) {
      case Kind.MAP:
        return this.map(node, depth + 1, viaAlias);
      case Kind.SEQ:
        if (depth + 1 > MAX_NESTING) throw nestingError();
        return node.items.map((item) => (item === null ? null : this.build(item, depth + 1, viaAlias)));
      case Kind.SCALAR: {
        const value = scalarValue(node);
        if (viaAlias && typeof value === 'string') this.countAliasCharacters(value.length);
        return value;
      }
      case Kind.ANCHOR_REF:
        // An alias inside the node it names would repeat forever: null, as @stoplight/yaml does.
        if (isSelfReferencingAlias(node)) return null;
        return this.build(node.value, depth, true);
      default:
        return null;
    }
  }

  private countAliasCharacters(characters: number): void {
    this.aliasCharacters += characters;
    if (this.aliasCharacters > MAX_ALIAS_CHARACTERS) {
      throw new YamlLimitError(
        `its aliases (\`*name\`) expand to more than ${MAX_ALIAS_CHARACTERS.toLocaleString('en')} characters (a long text repeated by alias); write the repeated parts out or use $ref`,
      );
    }
  }

  private map(node: YamlMap, depth: number, viaAlias: boolean): Record<string, unknown> {
    if (depth > MAX_NESTING) throw nestingError();
    const container: Record<string, unknown> = {};
    const order: string[] = [];
    const seen = new Set<string>();
    let misordered = false;
    let lastIndex = -1;
    let textKey = false;
    const note = (key: string) => {
      if (misordered) return;
      if (isArrayIndex(key)) {
        const index = Number(key);
        if (textKey || index < lastIndex) misordered = true;
        lastIndex = index;
      } else textKey = true;
    };
    const place = (key: string, value: unknown) => {
      if (Object.prototype.hasOwnProperty.call(container, key)) order.splice(order.indexOf(key), 1);
      order.push(key);
      note(key);
      setKey(container, key, value);
    };
    for (const mapping of node.mappings) {
      const keyNode = mapping.key;
      if (keyNode.kind !== Kind.SCALAR) {
        this.diagnostics.push(
          this.exception(keyNode, 'mapping key must be a string scalar', 'YAMLIncompatibleValue', 1),
        );
        continue;
      }
      const keyValue = scalarValue(keyNode);
      if (typeof keyValue !== 'string') {
        this.diagnostics.push(
          this.exception(
            keyNode,
            `mapping key must be a string scalar rather than ${keyNode.valueObject === null ? 'null' : typeof keyValue}`,
            'YAMLIncompatibleValue',
            1,
          ),
        );
      }
      const key = String(keyValue);
      if (viaAlias) this.countAliasCharacters(key.length);
      if (key === '<<') {
        // Merge keys: the merged mappings' keys, later ones winning, then this mapping's own.
        const merged = this.build(mapping.value, depth - 1, viaAlias);
        const sources: unknown[] = Array.isArray(merged) ? merged.slice().reverse() : [merged];
        for (const source of sources) {
          if (typeof source !== 'object' || source === null) continue;
          for (const k of Object.keys(source)) if (!seen.has(k)) place(k, (source as Record<string, unknown>)[k]);
        }
        continue;
      }
      if (seen.has(key)) this.diagnostics.push(this.exception(keyNode, 'duplicate key', 'YAMLException', 0));
      else seen.add(key);
      place(key, this.build(mapping.value, depth, viaAlias));
    }
    if (misordered) {
      // Keys merged or repeated may have moved: the order is `order`, as written.
      return inWrittenOrder(container, order);
    }
    return container;
  }

  private exception(node: YamlNode, message: string, code: string, severity: 0 | 1): Diagnostic {
    return {
      code,
      message,
      severity,
      path: buildJsonPath(node),
      range: rangeOf(this.lineMap, node.startPosition, node.endPosition),
    };
  }
}

function nestingError(): YamlLimitError {
  return new YamlLimitError(
    `it is nested deeper than ${MAX_NESTING} levels; no API description needs that many, so it is not read`,
  );
}

/**
 * Where the parser stopped, for an error whose mark has only an offset: yaml-ast-parser reports text
 * after the first document's end ("expected a single document in the stream", a stray `]` or `}`)
 * at line 0, column 0 with the offset where the document ended; the mistake is the first non-blank
 * character from there.
 */
function stoppedAt(error: NonNullable<YamlNode['errors']>[number], text: string, lineMap: number[]) {
  const position = error.mark.position;
  if (error.mark.line !== 0 || error.mark.column !== 0 || typeof position !== 'number' || position <= 0)
    return { line: error.mark.line, column: error.mark.column };
  let at = position;
  while (at < text.length && /\s/.test(text[at] ?? '')) at++;
  if (at >= text.length) at = position;
  let line = 0;
  while ((lineMap[line] ?? Infinity) <= at) line++;
  return { line, column: at - (line === 0 ? 0 : (lineMap[line - 1] ?? 0)) };
}

/** yaml-ast-parser's warning for any tab it meets, content or indentation alike. */
const TAB_WARNING = 'Using tabs can lead to unpredictable results';

/**
 * The [start, end) offsets of the scalars of a tree, in order: a tab within one is the scalar's
 * content or the separation YAML 1.2 allows inside it (a quoted HTML table in an `info.description`),
 * never indentation. Walked on its own stack, only when a tab warning needs it.
 */
function scalarSpans(root: YamlNode): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const pending: Array<YamlNode | null | undefined> = [root];
  for (let node = pending.pop(); pending.length > 0 || node !== undefined; node = pending.pop()) {
    if (!node) continue;
    if (node.kind === Kind.SCALAR) spans.push([node.startPosition, node.endPosition]);
    else if (node.kind === Kind.MAP) pending.push(...node.mappings);
    else if (node.kind === Kind.MAPPING) pending.push(node.key, node.value);
    else if (node.kind === Kind.SEQ) pending.push(...node.items);
  }
  return spans.sort((a, b) => a[0] - b[0]);
}

/** True when `position` lies strictly inside one of the sorted spans. */
function withinSpan(spans: ReadonlyArray<[number, number]>, position: number): boolean {
  let low = 0;
  let high = spans.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [start, end] = spans[middle] ?? [0, 0];
    if (position <= start) high = middle - 1;
    else if (position >= end) low = middle + 1;
    else return true;
  }
  return false;
}

function transformErrors(
  errors: NonNullable<YamlNode['errors']>,
  lineMap: number[],
  text: string,
  root: YamlNode,
): Diagnostic[] {
  const lineLength = (line: number) => Math.max(0, (lineMap[line] ?? 0) - (lineMap[line - 1] ?? 0) - 1);
  const validations: Diagnostic[] = [];
  let brokenFlow = -1;
  let spans: Array<[number, number]> | undefined;
  for (const error of errors) {
    // A tab inside a scalar is legal YAML 1.2 (the outside measurement's 264 findings on one
    // HMRC description were tabs in a quoted description); a tab outside one is indentation or
    // separation the reader may misread, and stays a warning.
    if (error.isWarning && error.reason.startsWith(TAB_WARNING) && typeof error.mark.position === 'number') {
      spans ??= scalarSpans(root);
      if (withinSpan(spans, error.mark.position)) continue;
    }
    const mark = stoppedAt(error, text, lineMap);
    const validation = {
      code: error.name,
      message: error.reason,
      severity: error.isWarning ? 1 : 0,
      range: {
        start: { line: mark.line, character: mark.column },
        end: {
          line: mark.line,
          character: error.mark.toLineEnd ? lineLength(mark.line) : mark.column,
        },
      },
    } as Diagnostic;
    if (error.reason === 'missed comma between flow collection entries') {
      if (brokenFlow === -1) brokenFlow = validations.length;
    } else if (brokenFlow !== -1) {
      const first = validations[brokenFlow];
      if (first !== undefined) {
        (first.range as { end: IRange['end'] }).end = validation.range.end;
        (first as { message: string }).message = 'invalid mixed usage of block and flow styles';
      }
      validations.length = brokenFlow + 1;
      brokenFlow = -1;
    }
    validations.push(validation);
  }
  return validations;
}

export interface ParsedYaml {
  parsed: IParserResult<unknown>;
  locate(path: ReadonlyArray<string | number>): IRange | undefined;
}

/**
 * Parses YAML as Spectral's YAML parser does (same data, diagnostics and ranges for ordinary
 * documents), or throws a `CouldNotRunError` saying in one line why the document is not read.
 */
export function parseYaml(text: string): ParsedYaml {
  const lineMap = computeLineMap(text);
  let ast: YamlNode | undefined;
  try {
    ast = astParser().load(text, { ignoreDuplicateKeys: true });
  } catch (error) {
    if (error instanceof RangeError) throw nestingError();
    if (/!!binary/.test(text))
      throw new CouldNotRunError(
        'its `!!binary` value cannot be read; write the value as a plain base64 string (`format: byte` in a schema), without the tag',
      );
    throw new CouldNotRunError(`not valid YAML (${errorMessage(error)})`);
  }
  const diagnostics: Diagnostic[] = [];
  let data: unknown;
  if (ast) {
    try {
      data = new Builder(lineMap, diagnostics).build(ast, 0, false);
    } catch (error) {
      if (error instanceof RangeError) throw nestingError();
      throw error;
    }
    if (ast.errors) diagnostics.push(...transformErrors(ast.errors, lineMap, text, ast));
    diagnostics.sort((a, b) => a.range.start.line - b.range.start.line);
  }
  const parsed = {
    ast,
    lineMap,
    data,
    diagnostics,
    metadata: { mergeKeys: true },
    comments: {},
  } as unknown as IParserResult<unknown>;
  const keyTables = new WeakMap<YamlMap, Map<string, YamlMapping>>();
  const keysOf = (map: YamlMap): Map<string, YamlMapping> => {
    let table = keyTables.get(map);
    if (table) return table;
    table = new Map();
    // Merge keys first, then the mapping's own: the last written wins, as in @stoplight/yaml.
    // Only scalar keys: the builder leaves other keys out of the data, so no path names them.
    for (const mapping of mergedMappings(map.mappings))
      if (mapping?.key?.kind === Kind.SCALAR) table.set(mapping.key.value, mapping);
    keyTables.set(map, table);
    return table;
  };
  const locate = (path: ReadonlyArray<string | number>): IRange | undefined => {
    if (!ast) return undefined;
    let node: YamlNode = ast;
    for (const segment of path) {
      if (node.kind === Kind.MAP) {
        // Keys compare as written text, strictly (a number never names a mapping key), as in @stoplight/yaml.
        const mapping: YamlMapping | undefined = typeof segment === 'string' ? keysOf(node).get(segment) : undefined;
        if (!mapping) break;
        node = mapping.value === null ? mapping.key : mapping.value;
      } else if (node.kind === Kind.SEQ) {
        const index = Number(segment);
        const item = Number.isInteger(index) ? node.items[index] : undefined;
        if (!item) break;
        node = item;
      } else break;
    }
    return rangeOf(lineMap, startOf(node, lineMap[0] ?? 0), endOf(node));
  };
  return { parsed, locate };
}

function mergedMappings(mappings: YamlMapping[]): YamlMapping[] {
  const result: YamlMapping[] = [];
  const fromMerge = (node: YamlNode | null | undefined): YamlMapping[] => {
    if (!node) return [];
    if (node.kind === Kind.SEQ)
      return node.items.reduceRight<YamlMapping[]>((items, item) => (items.push(...fromMerge(item)), items), []);
    if (node.kind === Kind.MAP) return node.mappings;
    if (node.kind === Kind.ANCHOR_REF) return fromMerge(node.value);
    return [];
  };
  for (const mapping of mappings) {
    if (!mapping) continue;
    if (mapping.key?.value === '<<') result.push(...fromMerge(mapping.value));
    else result.push(mapping);
  }
  return result;
}

function startOf(node: YamlNode, offset: number): number {
  const parent = node.parent;
  if (parent && parent.kind === Kind.MAPPING) {
    if (parent.value === null) return parent.endPosition;
    if (node.kind !== Kind.SCALAR) return parent.key.endPosition + 1;
  }
  if (parent === null && offset - node.startPosition === 0) return 0;
  return node.startPosition;
}

function endOf(start: YamlNode): number {
  let node = start;
  // Iterative: the last item of the last item... (deep documents must not overflow the stack here).
  for (;;) {
    const lastItem = node.kind === Kind.SEQ ? node.items.at(-1) : undefined;
    const lastMapping = node.kind === Kind.MAP && node.value !== null ? node.mappings.at(-1) : undefined;
    if (lastItem) node = lastItem;
    else if (node.kind === Kind.MAPPING && node.value !== null) node = node.value;
    else if (lastMapping) node = lastMapping;
    else if (
      node.kind === Kind.SCALAR &&
      node.parent !== null &&
      node.parent.kind === Kind.MAPPING &&
      node.parent.value === null
    )
      return node.parent.endPosition;
    else return node.endPosition;
  }
}

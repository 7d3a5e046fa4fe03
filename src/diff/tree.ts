/**
 * The diff tree of two schemas, one level at a time: one field per keyword of OpenAPI 3.0 and
 * JSON Schema 2020-12 (with OpenAPI 3.1/3.2's `discriminator`, `xml`, `externalDocs`, `example`).
 * The comparison (compare.ts) builds a node for each pair of schemas it visits, runs the schema
 * checks over the node, and descends into the subschema fields. A keyword no check models, or an
 * extension (`x-…`), lands in `unmodelled`, which becomes a `keyword-changed` finding: nothing
 * that changes is dropped in silence.
 */
import { isArray, isObject, type Document, type JsonPath } from '../../rulesets/lib/openapi/types.js';
import { fingerprint, type FlatSchema, type Located } from './schema.js';

/**
 * How a keyword's value is compared: `value` (equal or not), `schema` (a subschema, compared
 * inside), `schema-list` / `schema-map` (subschemas by position / by name), `annotation`
 * (documentation only), `container` (schemas compared where they are referenced: `$defs`),
 * `merged` (read by the allOf merge and the object comparison, not compared as a value).
 */
export type KeywordShape = 'value' | 'schema' | 'schema-list' | 'schema-map' | 'annotation' | 'container' | 'merged';

/** Every keyword the diff models, and how. Keywords not listed (and `x-…`) are compared as `unmodelled`. */
export const SCHEMA_KEYWORDS = {
  // JSON Schema 2020-12 validation vocabulary (OpenAPI 3.0 keeps most of it).
  type: 'value',
  const: 'value',
  enum: 'value',
  multipleOf: 'value',
  maximum: 'value',
  exclusiveMaximum: 'value',
  minimum: 'value',
  exclusiveMinimum: 'value',
  maxLength: 'value',
  minLength: 'value',
  pattern: 'value',
  maxItems: 'value',
  minItems: 'value',
  uniqueItems: 'value',
  maxContains: 'value',
  minContains: 'value',
  maxProperties: 'value',
  minProperties: 'value',
  required: 'merged',
  dependentRequired: 'value',
  // Applicator vocabulary.
  prefixItems: 'schema-list',
  items: 'schema',
  contains: 'schema',
  additionalProperties: 'schema',
  properties: 'merged',
  patternProperties: 'schema-map',
  dependentSchemas: 'schema-map',
  propertyNames: 'schema',
  if: 'schema',
  then: 'schema',
  else: 'schema',
  allOf: 'merged',
  anyOf: 'schema-list',
  oneOf: 'schema-list',
  not: 'schema',
  // Unevaluated vocabulary.
  unevaluatedItems: 'schema',
  unevaluatedProperties: 'schema',
  // Format and content vocabularies.
  format: 'value',
  contentEncoding: 'value',
  contentMediaType: 'value',
  contentSchema: 'schema',
  // Meta-data vocabulary.
  default: 'value',
  deprecated: 'value',
  readOnly: 'value',
  writeOnly: 'value',
  title: 'annotation',
  description: 'annotation',
  examples: 'annotation',
  // Core vocabulary: `$ref` is followed, `$defs` compared where referenced, `$comment` documents.
  $ref: 'merged',
  $defs: 'container',
  definitions: 'container',
  $comment: 'annotation',
  // OpenAPI's own.
  nullable: 'value',
  discriminator: 'value',
  example: 'annotation',
  externalDocs: 'annotation',
} as const satisfies Record<string, KeywordShape>;
export type SchemaKeyword = keyof typeof SCHEMA_KEYWORDS;

/** One keyword on both sides; a side is absent where the keyword is. */
export interface KeywordPair {
  keyword: string;
  base?: Located;
  revision?: Located;
}

/** The difference of two schemas at one level: a field per keyword that changed (value keywords) or is present (subschema keywords). */
export type SchemaNodeDiff = { [K in SchemaKeyword]?: KeywordPair } & {
  base: FlatSchema;
  revision: FlatSchema;
  /** Keywords the diff does not model (`xml`, `$id`, `$schema`, `$anchor`, `$dynamicRef`, unknown ones) and extensions, that changed. */
  unmodelled: KeywordPair[];
  /** The `oneOf` and `anyOf` alternatives of both sides, paired (absent where neither side has any). */
  alternatives: { oneOf?: AlternativesDiff; anyOf?: AlternativesDiff };
  /**
   * The side whose schema is `false` (allows no value) where the other's is not: then both flats
   * are empty (what the other side allows is all gone, or all new), and only that is compared.
   */
  allowsNothing?: 'base' | 'revision';
};

/**
 * The alternatives of a `oneOf` or `anyOf`, paired: by position when both lists are written the
 * same, else by what they allow (so reordering or renaming is no change), then the rest by position;
 * what is left is removed or added. `index` is the alternative's position (the revision's for a pair).
 */
export interface AlternativesDiff {
  composition: 'oneOf' | 'anyOf';
  /**
   * The list exists on one side only: `added` (values must now match its alternatives, a new
   * constraint: narrower), `removed` (that constraint is gone: wider). Then nothing is paired.
   */
  list?: 'added' | 'removed';
  paired: Array<{ index: number; base: Located; revision: Located }>;
  removed: Array<{ index: number; base: Located }>;
  added: Array<{ index: number; revision: Located }>;
  /** Where the lists are (the schema itself on a side without one). */
  baseListPath: JsonPath;
  revisionListPath: JsonPath;
}

/** Extensions the diff itself reads: never a change to a schema. */
const OWN_EXTENSIONS = new Set(['x-vottur-ignore']);

/** JSON text with object keys sorted: two values written in another key order are equal. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** Equal as JSON values, whatever the key order. */
export function equal(a: unknown, b: unknown): boolean {
  return (
    a === b ||
    (typeof a === 'object' &&
      typeof b === 'object' &&
      a !== null &&
      b !== null &&
      canonicalJson(a) === canonicalJson(b))
  );
}

function isModelled(keyword: string): keyword is SchemaKeyword {
  return Object.hasOwn(SCHEMA_KEYWORDS, keyword);
}

/**
 * A schema: an object, or a boolean schema (JSON Schema 2020-12, OpenAPI 3.1: `true` allows every
 * value, `false` none). The walk compares both kinds (compare.ts reads a boolean as an empty schema
 * that allows everything or nothing).
 */
export function isSchema(value: unknown): boolean {
  return isObject(value) || typeof value === 'boolean';
}

/** A subschema that allows anything (`true`, `{}`) is the same as no subschema. */
export function allowsAnything(value: unknown): boolean {
  return value === true || (isObject(value) && Object.keys(value).length === 0);
}

function pairAlternatives(
  composition: 'oneOf' | 'anyOf',
  base: FlatSchema,
  revision: FlatSchema,
  documents: { base: Document; revision: Document },
): AlternativesDiff | undefined {
  const bl = base.keywords.get(composition);
  const rl = revision.keywords.get(composition);
  const baseList = bl && isArray(bl.value) ? bl.value : [];
  const revisionList = rl && isArray(rl.value) ? rl.value : [];
  if (!baseList.length && !revisionList.length) return undefined;
  const baseListPath = bl?.path ?? base.path;
  const revisionListPath = rl?.path ?? revision.path;
  const diff: AlternativesDiff = { composition, paired: [], removed: [], added: [], baseListPath, revisionListPath };
  // A schema wrapped into a oneOf (or unwrapped): the list as a whole is the change, not each alternative.
  if (!baseList.length || !revisionList.length) return { ...diff, list: baseList.length ? 'removed' : 'added' };
  const baseAt = (index: number): Located => ({ value: baseList[index], path: [...baseListPath, index] });
  const revisionAt = (index: number): Located => ({ value: revisionList[index], path: [...revisionListPath, index] });
  // Written the same way: paired by position (the common case, without computing fingerprints).
  const written = (list: unknown[]) => list.map((node) => JSON.stringify(node));
  const samePositions = baseList.length === revisionList.length && equal(written(baseList), written(revisionList));
  if (samePositions) {
    diff.paired = baseList.map((_, index) => ({ index, base: baseAt(index), revision: revisionAt(index) }));
    return diff;
  }
  const basePrints = baseList.map((node) => fingerprint(documents.base, node));
  const revisionPrints = revisionList.map((node) => fingerprint(documents.revision, node));
  // Paired one to one by what they allow (two alternatives may allow the same values: each pairs once);
  // paired alternatives may still differ in annotations or extensions, so they are compared too.
  const pairedRevision = new Set<number>();
  const unmatchedBase: number[] = [];
  baseList.forEach((node, bi) => {
    const ri = revisionPrints.findIndex((print, index) => print === basePrints[bi] && !pairedRevision.has(index));
    if (ri < 0) {
      unmatchedBase.push(bi);
      return;
    }
    pairedRevision.add(ri);
    if (!equal(node, revisionList[ri])) diff.paired.push({ index: ri, base: baseAt(bi), revision: revisionAt(ri) });
  });
  const unmatchedRevision = revisionList.map((_, index) => index).filter((index) => !pairedRevision.has(index));
  const pairs = Math.min(unmatchedBase.length, unmatchedRevision.length);
  unmatchedBase.forEach((bi, position) => {
    const ri = unmatchedRevision[position];
    if (position < pairs && ri !== undefined)
      diff.paired.push({ index: ri, base: baseAt(bi), revision: revisionAt(ri) });
    else diff.removed.push({ index: bi, base: baseAt(bi) });
  });
  for (const ri of unmatchedRevision.slice(pairs)) diff.added.push({ index: ri, revision: revisionAt(ri) });
  return diff;
}

/** Builds the node of two (allOf-merged) schemas of the two descriptions. */
export function diffSchemaNode(
  base: FlatSchema,
  revision: FlatSchema,
  documents: { base: Document; revision: Document },
): SchemaNodeDiff {
  const oneOf = pairAlternatives('oneOf', base, revision, documents);
  const anyOf = pairAlternatives('anyOf', base, revision, documents);
  const node: SchemaNodeDiff = {
    base,
    revision,
    unmodelled: [],
    alternatives: { ...(oneOf ? { oneOf } : {}), ...(anyOf ? { anyOf } : {}) },
  };
  const fields = node as unknown as Record<string, KeywordPair>;
  const keywords = new Set([...base.keywords.keys(), ...revision.keywords.keys()]);
  for (const keyword of keywords) {
    const b = base.keywords.get(keyword);
    const r = revision.keywords.get(keyword);
    const pair: KeywordPair = { keyword, ...(b ? { base: b } : {}), ...(r ? { revision: r } : {}) };
    if (!isModelled(keyword)) {
      if (OWN_EXTENSIONS.has(keyword)) continue;
      if (!equal(b?.value, r?.value)) node.unmodelled.push(pair);
      continue;
    }
    const shape: KeywordShape = SCHEMA_KEYWORDS[keyword];
    if (shape === 'merged' || shape === 'container') continue;
    // Subschemas are always descended into: the same `$ref` text can name a changed schema.
    if (shape === 'schema' || shape === 'schema-list' || shape === 'schema-map') fields[keyword] = pair;
    else if (!equal(b?.value, r?.value)) fields[keyword] = pair;
  }
  return node;
}

/** Where a finding about a keyword points: the keyword in the revision, else the revision's schema. */
export function revisionAt(pair: KeywordPair | undefined, node: SchemaNodeDiff): JsonPath {
  return pair?.revision?.path ?? node.revision.path;
}

export function baseAt(pair: KeywordPair | undefined, node: SchemaNodeDiff): JsonPath {
  return pair?.base?.path ?? node.base.path;
}
